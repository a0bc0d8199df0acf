/**
 * An `indexOf` over one text that remembers each token's last answer, for scans that ask for
 * several tokens at offsets that only grow: a token far away (or absent) is searched for once,
 * not once per step, so the scan stays linear.
 */
export function nextOccurrence(text: string): (token: string, from: number) => number {
  const found = new Map<string, number>();
  return (token, from) => {
    const known = found.get(token);
    if (known !== undefined && (known === -1 || known >= from)) return known;
    const at = text.indexOf(token, from);
    found.set(token, at);
    return at;
  };
}
