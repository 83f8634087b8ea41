import { BlockList, isIP } from "node:net";

/** The named ranges TRUST_PROXY also accepts (proxy-addr's names), as CIDRs. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

const familyOf = (address: string) => (isIP(address) === 6 ? "ipv6" : "ipv4");

/** An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d: compared as the IPv4 address it is. */
const unmapped = (address: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address);

/**
 * Whether a client address is one of `entries` (config METRICS_ALLOW, already validated: addresses,
 * CIDRs and the named ranges). An empty list allows no address.
 */
export function addressMatcher(entries: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address = "", bits] = entry.split("/");
    const plain = unmapped(address);
    if (bits === undefined) list.addAddress(plain, familyOf(plain));
    else list.addSubnet(plain, Number(bits), familyOf(plain));
  }
  return (address) => {
    const plain = unmapped(address);
    return isIP(plain) !== 0 && list.check(plain, familyOf(plain));
  };
}
