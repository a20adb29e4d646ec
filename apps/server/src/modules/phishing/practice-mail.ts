import { escapeHtml, type RenderedMail } from '../mail/templates/render';
import type { Passage, PracticeTemplate } from './templates';

/** The header every practice message carries: a mail administrator allowlists on it. */
export const PRACTICE_HEADER = 'X-Castellan-Practice';

/** The Message-ID of a practice message: a reply names it in In-Reply-To. */
export const practiceMessageId = (messageId: string, domain: string) =>
  `<practice.${messageId}@${domain}>`;

/** The link of a practice message: its token is the only way to the practice page. */
export const practiceUrl = (publicUrl: string, token: string) => `${publicUrl}/practice/${token}`;

const paragraph = (passage: Passage) =>
  `<p style="margin:0 0 14px">${escapeHtml(passage.text)}</p>`;

/**
 * A practice message as it arrives: plain, like a message typed by a person or sent by a small
 * company's system, in both parts. Nothing of the product's own look, and no real brand.
 */
export function renderPracticeMail(template: PracticeTemplate, url: string): RenderedMail {
  const text = [
    ...template.body.map((b) => b.text),
    `${template.linkText}: ${url}`,
    ...template.closing.map((b) => b.text),
  ].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#222;line-height:1.5">',
    ...template.body.map(paragraph),
    `<p style="margin:18px 0"><a href="${escapeHtml(url)}" style="background:#2f5d8a;color:#fff;padding:9px 16px;border-radius:3px;text-decoration:none;display:inline-block">${escapeHtml(template.linkText)}</a></p>`,
    ...template.closing.map(paragraph),
    '</body></html>',
  ].join('');
  return { subject: template.subject, text, html };
}
