/**
 * Finds the shape that makes a backtracking regex engine take exponential time: a group that
 * contains a repetition (or an alternation) and is itself repeated without bound, as in
 * `(a+)+`, `(a*)*`, `(a|aa)+`, `(\w+\s?)*`. Returns the offending group's source, or `undefined`.
 *
 * Screens `patternProperties` keys, which this registry runs on RE2 but another validator may run
 * with JavaScript's RegExp. A conservative screen, not a proof: polynomial shapes such as
 * `a*a*a*b` pass (harmless here: RE2 matches them in linear time, issue 13).
 */
export function findNestedRepetition(source: string): string | undefined {
  const groups: { start: number; risky: boolean }[] = [];
  let lastGroup: { start: number; end: number; risky: boolean } | undefined;
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (char === '\\') {
      index++;
      lastGroup = undefined;
      continue;
    }
    if (char === '[') {
      index = endOfClass(source, index);
      lastGroup = undefined;
      continue;
    }
    if (char === '(') {
      groups.push({ start: index, risky: false });
      lastGroup = undefined;
      continue;
    }
    if (char === ')') {
      const group = groups.pop();
      if (group === undefined) continue;
      lastGroup = { start: group.start, end: index, risky: group.risky };
      const parent = groups[groups.length - 1];
      if (parent !== undefined && group.risky) parent.risky = true;
      continue;
    }
    const repeat = repetitionAt(source, index);
    if (repeat !== undefined) {
      if (lastGroup !== undefined && lastGroup.risky && repeat.unbounded) return source.slice(lastGroup.start, lastGroup.end + 1) + source.slice(index, repeat.end);
      const current = groups[groups.length - 1];
      if (current !== undefined && repeat.unbounded) current.risky = true;
      index = repeat.end - 1;
      lastGroup = undefined;
      continue;
    }
    if (char === '|') {
      const current = groups[groups.length - 1];
      if (current !== undefined) current.risky = true;
    }
    lastGroup = undefined;
  }
  return undefined;
}

function endOfClass(source: string, start: number): number {
  for (let index = start + 1; index < source.length; index++) {
    if (source[index] === '\\') index++;
    else if (source[index] === ']' && index > start + 1) return index;
  }
  return source.length;
}

function repetitionAt(source: string, index: number): { end: number; unbounded: boolean } | undefined {
  const char = source[index];
  if (char === '*' || char === '+') return { end: index + 1 + (source[index + 1] === '?' ? 1 : 0), unbounded: true };
  if (char === '{') {
    const match = /^\{(\d+)(,(\d*))?\}\??/.exec(source.slice(index));
    if (match === null) return undefined;
    const max = match[2] === undefined ? Number(match[1]) : match[3] === '' ? Number.POSITIVE_INFINITY : Number(match[3]);
    return { end: index + match[0].length, unbounded: max > 1 };
  }
  return undefined;
}
