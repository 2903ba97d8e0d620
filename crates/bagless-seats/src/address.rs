//! The one address the seat pages are served on: the machine's address on
//! the local network (a phone at the table can reach it; nothing beyond
//! the network can), never every address at once.

use std::net::{IpAddr, Ipv4Addr};

/// The address to serve on among the machine's `interfaces` (name and
/// address): a private IPv4 address (RFC 1918) of a real interface, Wi-Fi
/// first, then wired, then any other. Never loopback, link-local, public or
/// IPv6 addresses, nor the bridges of containers and virtual machines, nor
/// VPN tunnels (a phone at the table is on neither).
pub fn pick(interfaces: &[(String, IpAddr)]) -> Option<IpAddr> {
    interfaces
        .iter()
        .filter(|(name, _)| !is_virtual(name))
        .filter_map(|(name, address)| match address {
            IpAddr::V4(v4) if private(v4) => Some((rank(name), *v4)),
            _ => None,
        })
        .min_by_key(|(rank, _)| *rank)
        .map(|(_, v4)| IpAddr::V4(v4))
}

/// The addresses the host may choose among (issue 56: "the host may
/// choose the network interface"): every private IPv4 address of the
/// machine's `interfaces`, the one [`pick`] would take first, the bridges
/// and tunnels last (a hotspot may be named anyhow).
pub fn choices(interfaces: &[(String, IpAddr)]) -> Vec<(String, IpAddr)> {
    let first = pick(interfaces);
    let mut found: Vec<(u8, String, IpAddr)> = interfaces
        .iter()
        .filter_map(|(name, address)| match address {
            IpAddr::V4(v4) if private(v4) => {
                let order = if Some(*address) == first {
                    0
                } else if is_virtual(name) {
                    4
                } else {
                    1 + rank(name)
                };
                Some((order, name.clone(), *address))
            }
            _ => None,
        })
        .collect();
    found.sort();
    found.dedup_by(|a, b| a.2 == b.2);
    found
        .into_iter()
        .map(|(_, name, address)| (name, address))
        .collect()
}

fn is_virtual(name: &str) -> bool {
    const VIRTUAL_NAMES: [&str; 16] = [
        "docker",
        "br-",
        "veth",
        "virbr",
        "lxc",
        "lxd",
        "tun",
        "tap",
        "wg",
        "zt",
        "tailscale",
        "vmnet",
        "vboxnet",
        "podman",
        "cni",
        "flannel",
    ];
    VIRTUAL_NAMES.iter().any(|v| name.starts_with(v))
}

fn rank(name: &str) -> u8 {
    if name.starts_with("wl") {
        0
    } else if name.starts_with("en") || name.starts_with("eth") {
        1
    } else {
        2
    }
}

fn private(address: &Ipv4Addr) -> bool {
    address.is_private() && !address.is_loopback() && !address.is_link_local()
}

/// The machine's interfaces, by name and address.
fn interfaces() -> Vec<(String, IpAddr)> {
    if_addrs::get_if_addrs()
        .map(|all| all.into_iter().map(|i| (i.name.clone(), i.ip())).collect())
        .unwrap_or_default()
}

/// This machine's address on the local network, if it has one.
pub fn local_network_address() -> Option<IpAddr> {
    pick(&interfaces())
}

/// The machine's addresses the host may choose among ([`choices`]).
pub fn local_network_choices() -> Vec<(String, IpAddr)> {
    choices(&interfaces())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: &[(&str, &str)]) -> Vec<(String, IpAddr)> {
        items
            .iter()
            .map(|(n, a)| (n.to_string(), a.parse().unwrap()))
            .collect()
    }

    #[test]
    fn the_wifi_address_first_then_the_wired_one() {
        let all = list(&[
            ("lo", "127.0.0.1"),
            ("enp3s0", "192.168.1.20"),
            ("wlp2s0", "192.168.1.21"),
        ]);
        assert_eq!(pick(&all), Some("192.168.1.21".parse().unwrap()));
        let wired = list(&[("lo", "127.0.0.1"), ("eth0", "10.0.0.5")]);
        assert_eq!(pick(&wired), Some("10.0.0.5".parse().unwrap()));
    }

    #[test]
    fn never_loopback_public_link_local_ipv6_containers_or_tunnels() {
        let none = list(&[
            ("lo", "127.0.0.1"),
            ("eth0", "203.0.113.7"),
            ("eth1", "169.254.10.1"),
            ("wlan0", "fe80::1"),
            ("wlan1", "fd00::5"),
            ("docker0", "172.17.0.1"),
            ("br-1a2b", "172.18.0.1"),
            ("veth12", "10.1.0.1"),
            ("virbr0", "192.168.122.1"),
            ("tun0", "10.8.0.2"),
            ("wg0", "10.9.0.2"),
        ]);
        assert_eq!(pick(&none), None);
        let mut with_lan = none.clone();
        with_lan.push(("wlp0s20f3".into(), "172.20.10.3".parse().unwrap()));
        assert_eq!(pick(&with_lan), Some("172.20.10.3".parse().unwrap()));
    }

    /// Issue 56: "the network interface is chosen by name prefix only":
    /// the host is offered every private address, the usual one first.
    #[test]
    fn the_host_is_offered_every_private_address_the_usual_one_first() {
        let all = list(&[
            ("lo", "127.0.0.1"),
            ("docker0", "172.17.0.1"),
            ("enp3s0", "192.168.1.20"),
            ("ap0", "10.42.0.1"),
            ("wlp2s0", "192.168.1.21"),
            ("wlp2s0", "fe80::1"),
            ("eth1", "203.0.113.7"),
        ]);
        let offered: Vec<String> = choices(&all)
            .into_iter()
            .map(|(name, address)| format!("{name} {address}"))
            .collect();
        assert_eq!(
            offered,
            [
                "wlp2s0 192.168.1.21",
                "enp3s0 192.168.1.20",
                "ap0 10.42.0.1",
                "docker0 172.17.0.1"
            ]
        );
        assert!(choices(&list(&[("lo", "127.0.0.1")])).is_empty());
    }

    #[test]
    fn a_machine_with_no_local_network_has_no_address() {
        assert_eq!(pick(&[]), None);
        assert_eq!(pick(&list(&[("lo", "127.0.0.1")])), None);
    }
}
