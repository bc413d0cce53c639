//! Gzip for answers, which every browser takes. What the shop keeps (the embedded front end, the
//! catalogue's cached JSON) is compressed once and kept both ways, so a browser's request costs a
//! copy, not a compression; everything else is compressed as it goes out by [`middleware`], which
//! leaves alone what is compressed already, pictures, and answers too small to gain.

use actix_http::encoding::Encoder;
use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, ContentEncoding, HeaderMap, HeaderValue};
use actix_web::web::Bytes;

/// Answers smaller than this go out as they are: a gzip header and a compressor's state cost more
/// than they save (a health check's 15 bytes became 35).
pub const MIN_BYTES: usize = 1024;

/// Whether the request's `Accept-Encoding` takes gzip (`gzip`, `x-gzip` or `*`, not at `q=0`).
pub fn accepts_gzip(headers: &HeaderMap) -> bool {
    accepts(headers, &["gzip", "x-gzip"])
}

/// Whether the request's `Accept-Encoding` takes Brotli (`br` or `*`, not at `q=0`): every current
/// browser over HTTPS or to localhost. Only the front end's own files are kept Brotli-compressed
/// (by its build, at the highest quality: about 13 % fewer bytes than gzip -9 for its scripts).
pub fn accepts_brotli(headers: &HeaderMap) -> bool {
    accepts(headers, &["br"])
}

/// Whether `Accept-Encoding` takes one of `names` (or `*`), not at `q=0`.
fn accepts(headers: &HeaderMap, names: &[&str]) -> bool {
    let Some(accepted) = headers.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()) else { return false };
    let mut any = None;
    for part in accepted.split(',') {
        let mut pieces = part.split(';');
        let name = pieces.next().unwrap_or("").trim();
        let weight = pieces
            .filter_map(|p| p.trim().strip_prefix("q=").or_else(|| p.trim().strip_prefix("Q=")))
            .find_map(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        if names.iter().any(|n| name.eq_ignore_ascii_case(n)) {
            return weight > 0.0;
        }
        if name == "*" {
            any = Some(weight > 0.0);
        }
    }
    any.unwrap_or(false)
}

/// `bytes` gzipped at `level` (0–9), in memory.
pub fn gzip(bytes: &[u8], level: u32) -> Bytes {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(Vec::with_capacity(bytes.len() / 4), flate2::Compression::new(level));
    encoder.write_all(bytes).expect("writing to memory");
    Bytes::from(encoder.finish().expect("writing to memory"))
}

/// Whether an answer of this type can shrink: text, JSON, scripts, XML and SVG. Pictures and fonts
/// are compressed in their own formats already.
pub fn compressible(content_type: &str) -> bool {
    content_type.starts_with("text/")
        || content_type.contains("json")
        || content_type.contains("javascript")
        || content_type.contains("xml")
        || content_type.contains("svg")
}

/// The HTTP layer's compression: gzip when the client takes it and the answer is worth it (text,
/// at least [`MIN_BYTES`] or of unknown length, not already encoded). Large answers are compressed
/// on the blocking pool by actix's encoder.
pub fn middleware<S, B>(
    req: ServiceRequest,
    srv: &S,
) -> impl Future<Output = Result<ServiceResponse<Encoder<B>>, actix_web::Error>> + use<S, B>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let gzip = accepts_gzip(req.headers());
    let answer = srv.call(req);
    async move {
        let answer = answer.await?;
        Ok(answer.map_body(move |head, body| {
            let text = !head.headers.contains_key(header::CONTENT_ENCODING)
                && head.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(compressible);
            let large = match body.size() {
                actix_web::body::BodySize::Sized(n) => n >= MIN_BYTES as u64,
                actix_web::body::BodySize::Stream => true,
                actix_web::body::BodySize::None => false,
            };
            let encoding = if gzip && text && large { ContentEncoding::Gzip } else { ContentEncoding::Identity };
            if text && encoding == ContentEncoding::Identity {
                // The same address may be compressed for another client, or when it grows (the
                // encoder says so itself when it compresses).
                head.headers.append(header::VARY, HeaderValue::from_static("accept-encoding"));
            }
            Encoder::response(encoding, head, body)
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accepts(value: &str) -> bool {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
        accepts_gzip(&headers)
    }

    #[test]
    fn gzip_is_taken_as_browsers_and_tools_ask() {
        assert!(accepts("gzip, deflate, br, zstd"));
        assert!(accepts("br;q=1.0, gzip;q=0.8"));
        assert!(accepts("*"));
        assert!(accepts("X-GZIP"));
        assert!(!accepts("gzip;q=0"));
        assert!(!accepts("br, *;q=0"));
        assert!(!accepts("br"));
        assert!(!accepts("identity"));
        assert!(!accepts_gzip(&HeaderMap::new()));
        assert!(!accepts("*, gzip;q=0"), "a named encoding overrides the wildcard");
    }

    #[test]
    fn brotli_is_taken_only_when_named_or_wildcarded() {
        let takes = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
            accepts_brotli(&headers)
        };
        assert!(takes("gzip, deflate, br, zstd"));
        assert!(takes("BR;q=0.5"));
        assert!(takes("*"));
        assert!(!takes("gzip, deflate"));
        assert!(!takes("gzip, br;q=0"));
        assert!(!accepts_brotli(&HeaderMap::new()));
    }

    #[test]
    fn gzip_round_trips() {
        let text = "{\"products\":[]}".repeat(100);
        let packed = gzip(text.as_bytes(), 6);
        assert!(packed.len() < text.len() / 5);
        let mut unpacked = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&packed[..]), &mut unpacked).unwrap();
        assert_eq!(unpacked, text);
    }
}
