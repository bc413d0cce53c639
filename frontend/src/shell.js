// Runs before the app: a small classic script, no imports, which the build writes into index.html
// after the app shell (vite.config.ts; the server allows it by its hash). Starts the app and
// preloads the typefaces of its first render: the built index.html names its entry, chunks and fonts in <meta name="ankara-app"> (see vite.config.ts). The server draws the
// page's largest picture (the home hero, a product's first picture) into the app shell, in the box
// and size the app will (src/spa.rs), so a phone on a slow network sees it (the page's LCP) from
// the HTML alone; the app's code loads once it has been painted (its largest-contentful-paint
// entry; its load event where that is not reported), so it does not share the bandwidth with it,
// or at once on pages without one (at most 1.5 s after, if the picture is slow). React replaces
// the shell with the same picture in the same box: nothing moves, and the picture comes from cache.
(function () {
  var started = false;
  // The disabled twin of the stylesheet written into the page (vite.config.ts, inlineEntryStylesheet):
  // made here, where the browser does not fetch it, rather than written into the HTML, where its
  // preload scanner did.
  var inlined = document.querySelector('style[data-href]');
  if (inlined) {
    var twin = document.createElement('link');
    twin.rel = 'stylesheet';
    twin.disabled = true;
    twin.href = inlined.getAttribute('data-href');
    document.head.appendChild(twin);
  }
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

  // The page's largest picture, which the server wrote into the app shell (src/spa.rs).
  var img = document.querySelector('#root[data-shell] img');
  if (!img) {
    startApp();
    return;
  }
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
  } else if (img.complete) {
    startApp();
  } else {
    img.addEventListener('load', startApp);
  }
  img.addEventListener('error', startApp);
  setTimeout(startApp, 1500);
})();
