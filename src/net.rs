//! The real client address. Forwarding headers are believed only when the connection comes from a
//! configured trusted proxy (Caddy in front of the shop); anyone else could write them.

use std::net::IpAddr;

use actix_web::HttpRequest;
use actix_web::http::header;
use ipnet::{IpNet, Ipv6Net};

/// An address range such as `10.0.0.0/8`, `::1/128` or a single address.
pub type Cidr = IpNet;

/// Reads a range, or a single address as the range holding only it.
pub fn parse_range(text: &str) -> Result<Cidr, String> {
    let text = text.trim();
    let bad = || format!("{text:?} is not an IP address or CIDR range");
    if text.contains('/') {
        return text.parse::<IpNet>().map_err(|_| bad());
    }
    text.parse::<IpAddr>().map(IpNet::from).map_err(|_| bad())
}

fn trusted(ranges: &[Cidr], addr: IpAddr) -> bool {
    let addr = canonical(addr);
    ranges.iter().any(|range| range.contains(&addr))
}

/// What per-address limits count by: an IPv4 address, or the IPv6 network of `v6_prefix` bits
/// holding the address (a home, an office or a phone is usually given a whole /64, so counting
/// single IPv6 addresses would let one client look like billions).
pub fn client_key(req: &HttpRequest, ranges: &[Cidr], v6_prefix: u8) -> String {
    key_for(client_ip(req, ranges), v6_prefix)
}

fn key_for(addr: IpAddr, v6_prefix: u8) -> String {
    match addr {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match Ipv6Net::new(v6, v6_prefix.min(128)) {
            Ok(net) => net.trunc().to_string(),
            Err(_) => v6.to_string(),
        },
    }
}

/// IPv4-mapped IPv6 addresses (`::ffff:1.2.3.4`) compare as the IPv4 address they carry.
fn canonical(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map(IpAddr::V4).unwrap_or(addr),
        v4 => v4,
    }
}

/// The client's address: the peer, or — when the peer is a trusted proxy — the nearest address in
/// `X-Forwarded-For` (else `Forwarded: for=`) that is not itself a trusted proxy.
pub fn client_ip(req: &HttpRequest, trusted: &[Cidr]) -> IpAddr {
    let peer = req.peer_addr().map(|a| canonical(a.ip())).unwrap_or(IpAddr::from([0, 0, 0, 0]));
    if !self::trusted(trusted, peer) {
        return peer;
    }
    let hops = forwarded_for(req);
    let mut client = peer;
    // Read from the nearest hop outwards; stop at the first address no trusted proxy vouches for.
    for hop in hops.iter().rev() {
        let Some(addr) = parse_hop(hop) else { break };
        client = addr;
        if !self::trusted(trusted, addr) {
            break;
        }
    }
    client
}

/// The chain of addresses the proxies recorded, farthest first.
fn forwarded_for(req: &HttpRequest) -> Vec<String> {
    let values = |name| req.headers().get_all(name).filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).map(str::trim);
    let xff: Vec<String> = values(header::HeaderName::from_static("x-forwarded-for")).map(String::from).collect();
    if !xff.is_empty() {
        return xff;
    }
    values(header::FORWARDED)
        .flat_map(|element| element.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .filter(|(name, _)| name.eq_ignore_ascii_case("for"))
        .map(|(_, value)| value.trim_matches('"').to_string())
        .collect()
}

/// One hop: `1.2.3.4`, `1.2.3.4:5678`, `2001:db8::1` or `[2001:db8::1]:5678`.
fn parse_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim();
    if let Ok(addr) = hop.parse::<IpAddr>() {
        return Some(canonical(addr));
    }
    if let Some(rest) = hop.strip_prefix('[') {
        return rest.split_once(']').and_then(|(addr, _)| addr.parse().ok()).map(canonical);
    }
    hop.rsplit_once(':').and_then(|(addr, _)| addr.parse().ok()).map(canonical)
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    fn cidrs(list: &[&str]) -> Vec<Cidr> {
        list.iter().map(|c| parse_range(c).unwrap()).collect()
    }

    #[test]
    fn ranges_parse_and_match() {
        let net = cidrs(&["10.1.0.0/16"]);
        assert!(trusted(&net, "10.1.200.3".parse().unwrap()));
        assert!(!trusted(&net, "10.2.0.1".parse().unwrap()));
        assert!(trusted(&net, "::ffff:10.1.0.9".parse().unwrap()));
        let one = cidrs(&["::1"]);
        assert!(trusted(&one, "::1".parse().unwrap()));
        assert!(!trusted(&one, "127.0.0.1".parse().unwrap()));
        assert!(trusted(&cidrs(&["0.0.0.0/0"]), "8.8.8.8".parse().unwrap()));
        assert!(parse_range("10.0.0.0/33").is_err());
        assert!(parse_range("proxy").is_err());
    }

    #[test]
    fn ipv6_clients_are_counted_by_their_network() {
        let key = |a: &str, prefix| key_for(a.parse().unwrap(), prefix);
        assert_eq!(key("2001:db8:1:2:aaaa::1", 64), key("2001:db8:1:2:ffff::9", 64));
        assert_ne!(key("2001:db8:1:2::1", 64), key("2001:db8:1:3::1", 64));
        assert_eq!(key("2001:db8:1:2::1", 64), "2001:db8:1:2::/64");
        assert_eq!(key("2001:db8:1:2::1", 128), "2001:db8:1:2::1/128");
        assert_eq!(key("198.51.100.7", 64), "198.51.100.7");
    }

    #[test]
    fn forwarding_headers_count_only_from_trusted_peers() {
        let trusted = cidrs(&["127.0.0.1", "10.0.0.0/8"]);
        let from = |peer: &str, xff: &str| {
            TestRequest::default().peer_addr(peer.parse().unwrap()).insert_header(("X-Forwarded-For", xff)).to_http_request()
        };
        // A client writing its own header gets nothing for it.
        assert_eq!(client_ip(&from("203.0.113.9:4000", "1.1.1.1"), &trusted).to_string(), "203.0.113.9");
        // Through the proxy: the proxy's record wins over what the client prepended.
        assert_eq!(client_ip(&from("127.0.0.1:4000", "1.1.1.1, 198.51.100.7"), &trusted).to_string(), "198.51.100.7");
        // Through two trusted proxies.
        assert_eq!(client_ip(&from("127.0.0.1:4000", "198.51.100.7, 10.0.0.5"), &trusted).to_string(), "198.51.100.7");
        // Garbage in the chain stops the walk at the last good hop.
        assert_eq!(client_ip(&from("127.0.0.1:4000", "nonsense"), &trusted).to_string(), "127.0.0.1");
        let forwarded = TestRequest::default()
            .peer_addr("127.0.0.1:4000".parse().unwrap())
            .insert_header(("Forwarded", "for=\"[2001:db8::7]:443\";proto=https"))
            .to_http_request();
        assert_eq!(client_ip(&forwarded, &trusted).to_string(), "2001:db8::7");
        // Nothing trusted: the peer, whatever the headers say.
        assert_eq!(client_ip(&from("127.0.0.1:4000", "1.1.1.1"), &[]).to_string(), "127.0.0.1");
    }
}
