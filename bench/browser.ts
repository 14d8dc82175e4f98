/** What a browser sends as Accept-Encoding (Chromium, Firefox): the bench's rows "as a browser asks" send it. */
export const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
