// Shares computed in integers (docs/input-contract.md, rule 13): BigInt, so that counts past 2^53
// are exact and 10^17 of 10^17 + 1 is 99.9%, never a rounded 100%.

/** `part` of `whole` as a percentage with one decimal, rounded down: "0.3%", "99.9%", "100.0%"; "under 0.1%" for a part too small to show. */
export function shareText(part, whole) {
  const p = BigInt(part);
  const w = BigInt(whole);
  if (w === 0n) return "of none";
  const tenths = (p * 1000n) / w;
  if (tenths === 0n && p > 0n) return "under 0.1%";
  return `${tenths / 10n}.${tenths % 10n}%`;
}
