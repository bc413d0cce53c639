//! The real client address. Forwarding headers are believed only when the connection comes from a
//! configured trusted proxy (Caddy in front of the shop); anyone else could write them.

use std::net::IpAddr;
use std::str::FromStr;

use actix_web::HttpRequest;
use actix_web::http::header;

/// An address range such as `10.0.0.0/8`, `::1/128` or a single address.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cidr {
    network: IpAddr,
    prefix: u8,
}

impl FromStr for Cidr {
    type Err = String;

    fn from_str(text: &str) -> Result<Cidr, String> {
        let text = text.trim();
        let (addr, prefix) = text.split_once('/').unwrap_or((text, ""));
        let network: IpAddr = addr.parse().map_err(|_| format!("{text:?} is not an IP address or CIDR range"))?;
        let bits = if network.is_ipv4() { 32 } else { 128 };
        let prefix = if prefix.is_empty() {
            bits
        } else {
            prefix.parse::<u8>().ok().filter(|p| *p <= bits).ok_or_else(|| format!("{text:?} has a bad prefix length"))?
        };
        Ok(Cidr { network, prefix })
    }
}

impl Cidr {
    pub fn contains(&self, addr: IpAddr) -> bool {
        let addr = canonical(addr);
        match (self.network, addr) {
            (IpAddr::V4(net), IpAddr::V4(a)) => {
                masked(u32::from(net).into(), self.prefix, 32) == masked(u32::from(a).into(), self.prefix, 32)
            }
            (IpAddr::V6(net), IpAddr::V6(a)) => masked(u128::from(net), self.prefix, 128) == masked(u128::from(a), self.prefix, 128),
            _ => false,
        }
    }
}

fn masked(bits: u128, prefix: u8, width: u8) -> u128 {
    if prefix == 0 { 0 } else { bits >> (width - prefix) }
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
    if !trusted.iter().any(|c| c.contains(peer)) {
        return peer;
    }
    let hops = forwarded_for(req);
    let mut client = peer;
    // Read from the nearest hop outwards; stop at the first address no trusted proxy vouches for.
    for hop in hops.iter().rev() {
        let Some(addr) = parse_hop(hop) else { break };
        client = addr;
        if !trusted.iter().any(|c| c.contains(addr)) {
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
        list.iter().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn ranges_parse_and_match() {
        let net: Cidr = "10.1.0.0/16".parse().unwrap();
        assert!(net.contains("10.1.200.3".parse().unwrap()));
        assert!(!net.contains("10.2.0.1".parse().unwrap()));
        assert!(net.contains("::ffff:10.1.0.9".parse().unwrap()));
        let one: Cidr = "::1".parse().unwrap();
        assert!(one.contains("::1".parse().unwrap()));
        assert!(!one.contains("127.0.0.1".parse().unwrap()));
        assert!("0.0.0.0/0".parse::<Cidr>().unwrap().contains("8.8.8.8".parse().unwrap()));
        assert!("10.0.0.0/33".parse::<Cidr>().is_err());
        assert!("proxy".parse::<Cidr>().is_err());
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
