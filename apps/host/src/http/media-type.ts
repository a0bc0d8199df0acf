/**
 * True when a `Content-Type` header names JSON in UTF-8: `application/json`, optionally with
 * `charset=utf-8` (any case). The arguments are decoded as UTF-8, so any other charset is
 * refused rather than misread.
 */
export function isJsonUtf8(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const [essence = '', ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (essence !== 'application/json') return false;
  return parameters.every((parameter) => {
    const [name, value] = parameter.split('=').map((s) => s.trim());
    return name !== 'charset' || value === 'utf-8' || value === '"utf-8"' || value === 'utf8';
  });
}
