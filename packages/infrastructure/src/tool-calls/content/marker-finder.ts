/**
 * `indexOf` with memory, for scanners that look for several markers at once (`</parameter>`,
 * `<parameter=`, `</function>`...): the last answer for each marker is kept while it still lies
 * ahead of `from`, so a marker absent from a long text is searched once, not once per step. With
 * `from` never moving back, the total work stays linear in the text.
 */
export function markerFinder(text: string): (marker: string, from: number) => number {
  const found = new Map<string, number>();
  return (marker, from) => {
    const last = found.get(marker);
    if (last !== undefined && (last === -1 || last >= from)) return last;
    const at = text.indexOf(marker, from);
    found.set(marker, at);
    return at;
  };
}
