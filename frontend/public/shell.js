// Runs before the app (a small classic deferred script, no build step, no imports).
// 1. Paints the page's largest picture in the app shell before the app's JavaScript arrives. The
//    server writes a <link rel="preload" as="image"> for it (the home hero, a product's first
//    picture) into index.html; the shell draws it in the box and size the app will, so a phone on
//    a slow network sees it (the page's LCP) early. React replaces the shell with the same picture
//    in the same box once it has been shown: nothing moves, and the picture comes from cache.
// 2. Starts the app and preloads the typefaces of its first render: the built index.html names its
//    entry, chunks and fonts in <meta name="ankara-app">
//    (see vite.config.ts); they load once the picture has been painted (its largest-contentful-
//    paint entry; its load event where that is not reported), so they do not share the bandwidth
//    with it, or at once on pages without one (at most 1.5 s after, if the picture is slow).
(function () {
  var started = false;
  // The browser's data saver: the page uses the phone's own typefaces (global.css) and fetches
  // nothing ahead of being shown (src/lib/saveData.ts).
  var saveData = !!(navigator.connection && navigator.connection.saveData);
  if (saveData) document.documentElement.setAttribute('data-save-data', '');
  function preload(href, as, type) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = as;
    if (type) link.type = type;
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  function startApp() {
    if (started) return;
    started = true;
    var app = document.querySelector('meta[name="ankara-app"]');
    if (!app) return;
    (app.getAttribute('data-preload') || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    // The home page's hero slides (/api/hero) with the app's code, not after it has run: the app's
    // fetch picks up this response.
    if (location.pathname === '/') preload('/api/hero', 'fetch');
    if (!saveData) {
      (app.getAttribute('data-font') || '').split(' ').forEach(function (font) {
        if (font) preload(font, 'font', 'font/woff2');
      });
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = app.getAttribute('content');
    document.head.appendChild(script);
  }

  var link = document.querySelector('link[rel="preload"][as="image"][imagesrcset]');
  var root = document.getElementById('root');
  var path = location.pathname;
  var home = path === '/';
  // Only over the untouched app shell (never into a page the app has already drawn).
  if (
    !link ||
    !root ||
    root.getAttribute('data-shell') === null ||
    !root.querySelector('header[aria-hidden]') ||
    (!home && path.indexOf('/product/') !== 0)
  ) {
    startApp();
    return;
  }
  var img = document.createElement('img');
  img.alt = '';
  img.setAttribute('fetchpriority', 'high');
  var lcp = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (lcp && lcp.indexOf('largest-contentful-paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (
        list.getEntries().some(function (entry) {
          return entry.element === img;
        })
      ) {
        observer.disconnect();
        startApp();
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } else {
    img.addEventListener('load', startApp);
  }
  img.addEventListener('error', startApp);
  setTimeout(startApp, 1500);
  // The server preloads the WebP copies (type="image/webp", which a browser without WebP skips)
  // and names the JPEGs beside them: a <picture> lets the browser take the one it preloaded.
  var sizes = link.getAttribute('imagesizes') || '100vw';
  var picture = img;
  img.sizes = sizes;
  if (link.getAttribute('type') === 'image/webp' && link.getAttribute('data-jpeg')) {
    picture = document.createElement('picture');
    var source = document.createElement('source');
    source.type = 'image/webp';
    source.sizes = sizes;
    source.srcset = link.getAttribute('imagesrcset') || '';
    picture.appendChild(source);
    picture.appendChild(img);
    img.srcset = link.getAttribute('data-jpeg');
  } else {
    img.srcset = link.getAttribute('imagesrcset') || '';
  }
  var box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  if (home) {
    box.className = 'hero';
    box.innerHTML =
      '<div class="hero__slides"><div class="hero__slide is-active"><div class="hero__art"></div></div></div>';
    img.className = 'hero__img';
    box.querySelector('.hero__art').appendChild(picture);
  } else {
    box.className = 'container page product-skeleton';
    box.innerHTML = '<div class="product-skeleton__media"></div>';
    img.className = 'product-skeleton__img';
    box.firstChild.appendChild(picture);
  }
  root.appendChild(box);
})();
