/**
 * Escaping for the XML and HTML reports. Everything a bank sends back (bodies, headers, messages)
 * ends up in these files, so every text goes through here. XML 1.0 cannot carry most C0 control
 * characters or lone surrogates at all, not even as character references: they are shown as
 * visible `\uXXXX` text instead, which keeps the file valid and the evidence readable.
 */

// Not allowed in XML 1.0 (C0 controls other than tab, LF, CR; U+FFFE/U+FFFF; lone surrogates),
// plus DEL and the C1 controls, which HTML treats as parse errors.
const INVISIBLE_OR_INVALID =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point here
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function showControlCharacters(text: string): string {
  return text.replace(
    INVISIBLE_OR_INVALID,
    (char) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}

export function escapeXmlText(text: string): string {
  return showControlCharacters(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Also escapes quotes, and tab/LF/CR, which attribute normalisation would turn into spaces. */
export function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text)
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

/** For HTML text and attribute values alike. */
export function escapeReportHtml(text: string): string {
  return showControlCharacters(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
