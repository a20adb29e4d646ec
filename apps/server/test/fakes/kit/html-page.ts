// What the fakes' sign-in and consent pages share: escaping, and one plain page layout.

export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** A whole page of `content` (HTML as it is) under `title` (text, escaped here). */
export const htmlPage = (title: string, content: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;max-width:36rem;margin:3rem auto;line-height:1.5}
label{display:block;margin:.4rem 0}button{margin-right:.5rem}</style></head>
<body>${content}</body>
</html>`;
