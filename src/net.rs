//! The real client address. Forwarding headers are believed only when the connection comes from a
//! configured trusted proxy (Caddy in front of the shop); anyone else could write them.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use actix_web::HttpRequest;
use actix_web::http::header;
use ipnet::{IpNet, Ipv4Net, Ipv6Net};

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

/// The wider networks a client belongs to, narrowest first, for sharing out what everyone shares
/// (the contact form's day): an IPv6 client's /48 (one site) and /32 (a provider's allocation),
/// an IPv4 client's /24 and /16.
pub fn client_networks(req: &HttpRequest, ranges: &[Cidr]) -> [String; 2] {
    networks_of(client_ip(req, ranges))
}

fn networks_of(addr: IpAddr) -> [String; 2] {
    let net = |prefix_v4: u8, prefix_v6: u8| match addr {
        IpAddr::V4(v4) => Ipv4Net::new(v4, prefix_v4).map(|n| n.trunc().to_string()).unwrap_or_default(),
        IpAddr::V6(v6) => Ipv6Net::new(v6, prefix_v6).map(|n| n.trunc().to_string()).unwrap_or_default(),
    };
    [net(24, 48), net(16, 32)]
}

/// IPv4-mapped IPv6 addresses (`::ffff:1.2.3.4`) compare as the IPv4 address they carry.
fn canonical(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map(IpAddr::V4).unwrap_or(addr),
        v4 => v4,
    }
}

/// Whether the shop may fetch from `ip` (a product import's pictures): an address on the public
/// internet. Not loopback, private, link-local, shared (CGNAT), multicast, documentation,
/// benchmarking or reserved IPv4; and an IPv6 address only from the global unicast space
/// (2000::/3), outside its special-purpose blocks. An IPv6 form that carries an IPv4 address is
/// judged by that address: IPv4-mapped (`::ffff:a.b.c.d`), NAT64's well-known prefix
/// (`64:ff9b::a.b.c.d`, RFC 6052) and 6to4 (`2002:AABB:CCDD::`, RFC 3056), all routed to the IPv4
/// address they carry. The other forms are refused whatever they carry: IPv4-compatible
/// (`::a.b.c.d`, deprecated) and IPv4-translated (`::ffff:0:a.b.c.d`) are outside 2000::/3, local
/// NAT64 (`64:ff9b:1::/48`, RFC 8215) is for one network's own use, and Teredo (`2001::/32`,
/// inside the IETF's protocol block 2001::/23) tunnels to a relay and an obfuscated client.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match embedded_v4(v6) {
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(v6),
        },
    }
}

fn is_public_v4(v4: Ipv4Addr) -> bool {
    let [a, b, c, _] = v4.octets();
    !(v4.is_loopback()
        || v4.is_private()
        || v4.is_link_local()
        || v4.is_unspecified()
        || v4.is_broadcast()
        || v4.is_documentation()
        || v4.is_multicast()
        || a == 0
        // Shared address space (carrier-grade NAT), 100.64.0.0/10.
        || (a == 100 && (64..128).contains(&b))
        // IETF protocol assignments, 192.0.0.0/24, and the old 6to4 relays, 192.88.99.0/24.
        || (a == 192 && b == 0 && c == 0)
        || (a == 192 && b == 88 && c == 99)
        // Benchmarking, 198.18.0.0/15.
        || (a == 198 && (18..20).contains(&b))
        // Reserved, 240.0.0.0/4.
        || a >= 240)
}

/// The IPv4 address an IPv6 address is routed to, for the forms that route to one.
fn embedded_v4(v6: Ipv6Addr) -> Option<Ipv4Addr> {
    let s = v6.segments();
    let low = Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8);
    match s {
        // IPv4-mapped, ::ffff:0:0/96.
        [0, 0, 0, 0, 0, 0xffff, _, _] => Some(low),
        // NAT64's well-known prefix, 64:ff9b::/96.
        [0x64, 0xff9b, 0, 0, 0, 0, _, _] => Some(low),
        // 6to4, 2002::/16: the IPv4 address is the next 32 bits.
        [0x2002, high, low16, ..] => Some(Ipv4Addr::new((high >> 8) as u8, high as u8, (low16 >> 8) as u8, low16 as u8)),
        _ => None,
    }
}

fn is_public_v6(v6: Ipv6Addr) -> bool {
    let s = v6.segments();
    // Global unicast is 2000::/3; everything else (::/8 with loopback, unspecified, compatible and
    // translated forms, 64:ff9b:1::/48, 100::/64, 5f00::/16, fc00::/7, fe80::/10, ff00::/8) is not.
    let global_unicast = (s[0] & 0xe000) == 0x2000;
    // IETF protocol assignments, 2001::/23 (Teredo, benchmarking, ORCHID); documentation,
    // 2001:db8::/32 and 3fff::/20.
    let special = match s[0] {
        0x2001 => s[1] < 0x0200 || s[1] == 0x0db8,
        0x3fff => s[1] < 0x1000,
        _ => false,
    };
    global_unicast && !special
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
    fn only_public_addresses_are_fetched_from() {
        let private = [
            "127.0.0.1",
            "10.1.2.3",
            "192.168.0.9",
            "172.16.5.5",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "192.0.0.8",
            "198.18.0.1",
            "240.0.0.1",
            "255.255.255.255",
            "::",
            "::1",
            "fd00::1",
            "fe80::1",
            "fec0::1",
            "ff02::1",
            "100::1",
            "5f00::1",
            "2001:db8::1",
            "3fff::1",
            // IPv4-mapped: judged by what it carries.
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            // IPv4-compatible and IPv4-translated: refused whatever they carry.
            "::127.0.0.1",
            "::8.8.8.8",
            "::ffff:0:127.0.0.1",
            "::ffff:0:8.8.8.8",
            // NAT64's well-known prefix: judged by what it carries.
            "64:ff9b::127.0.0.1",
            "64:ff9b::169.254.169.254",
            // Local NAT64: refused whatever it carries.
            "64:ff9b:1::8.8.8.8",
            "64:ff9b:1:ffff::1",
            // 6to4: judged by the IPv4 address in its next 32 bits.
            "2002:7f00:1::",
            "2002:a00:1::1",
            "2002:c0a8:1::1",
            // Teredo (and the rest of 2001::/23): refused whatever it carries.
            "2001:0:4136:e378:8000:63bf:3fff:fdd2",
            "2001:0:808:808::1",
            "2001:2::1",
        ];
        for address in private {
            assert!(!is_public(address.parse().unwrap()), "{address} is not public");
        }
        let public = [
            "8.8.8.8",
            "102.89.1.1",
            "2a00:1450::1",
            "2c0f:f248::1",
            "::ffff:8.8.8.8",
            "64:ff9b::8.8.8.8",
            "2002:808:808::1",
            "2001:200::1",
        ];
        for address in public {
            assert!(is_public(address.parse().unwrap()), "{address} is public");
        }
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
    fn clients_belong_to_a_site_and_a_provider() {
        let of = |a: &str| networks_of(a.parse().unwrap());
        assert_eq!(of("2001:db8:1:2::1"), ["2001:db8:1::/48", "2001:db8::/32"]);
        assert_eq!(of("2001:db8:1:ffff::9"), of("2001:db8:1:2::1"), "two /64s of one /48");
        assert_eq!(of("198.51.100.7"), ["198.51.100.0/24", "198.51.0.0/16"]);
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
