/**
 * Renders a JSON Pointer (`/options/0/depth`) as the `$.options[0].depth` path the user-facing
 * scenarios show. JSON output keeps the pointer; this is for people only.
 */
export function pointerToDisplayPath(pointer: string): string {
  if (pointer === '' || pointer === '/') return '$';
  const segments = pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  let path = '$';
  for (const segment of segments) {
    if (/^(0|[1-9][0-9]*)$/.test(segment)) path += `[${segment}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(segment)) path += `.${segment}`;
    else path += `[${JSON.stringify(segment)}]`;
  }
  return path;
}
