// What Slack checks of a message before it posts it ([MEM] for the exact limits and codes beyond
// `no_text`, `invalid_blocks` and `msg_too_long`): text or blocks, at most 50 blocks, sections'
// text within 3000 characters, buttons with an action id and plain text, unique block ids.

const MAX_BLOCKS = 50;
const MAX_SECTION_TEXT = 3000;
const MAX_TEXT = 40_000;
const MAX_ELEMENTS = 25;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const textObject = (v: unknown, types: readonly string[], max: number) =>
  isRecord(v) &&
  types.includes(String(v.type)) &&
  typeof v.text === 'string' &&
  v.text.length <= max;

function blockProblem(block: unknown): string | null {
  if (!isRecord(block) || typeof block.type !== 'string') return 'a block without a type';
  switch (block.type) {
    case 'section':
      return textObject(block.text, ['mrkdwn', 'plain_text'], MAX_SECTION_TEXT)
        ? null
        : 'a section without text, or over 3000 characters';
    case 'context':
      return Array.isArray(block.elements) &&
        block.elements.length > 0 &&
        block.elements.every((e) => textObject(e, ['mrkdwn', 'plain_text'], MAX_SECTION_TEXT))
        ? null
        : 'a context block without text elements';
    case 'actions': {
      const elements = block.elements;
      if (!Array.isArray(elements) || elements.length === 0 || elements.length > MAX_ELEMENTS) {
        return 'an actions block without 1 to 25 elements';
      }
      const bad = elements.find(
        (e) =>
          !isRecord(e) ||
          e.type !== 'button' ||
          typeof e.action_id !== 'string' ||
          !textObject(e.text, ['plain_text'], 75) ||
          (e.value !== undefined && (typeof e.value !== 'string' || e.value.length > 2000)) ||
          (e.style !== undefined && e.style !== 'primary' && e.style !== 'danger'),
      );
      return bad ? 'a button without action_id and plain_text text' : null;
    }
    case 'divider':
    case 'header':
      return null;
    default:
      return `an unknown block type ${block.type}`;
  }
}

/** Slack's error code for the message's `text` and `blocks`, or null when it may be posted. */
export function messageProblem(
  text: unknown,
  blocks: unknown,
): { error: string; detail?: string } | null {
  if (blocks !== undefined) {
    if (!Array.isArray(blocks) || blocks.length > MAX_BLOCKS) {
      return { error: 'invalid_blocks', detail: 'blocks must be an array of at most 50' };
    }
    const ids = blocks.flatMap((b) =>
      isRecord(b) && typeof b.block_id === 'string' ? [b.block_id] : [],
    );
    if (new Set(ids).size !== ids.length)
      return { error: 'invalid_blocks', detail: 'duplicate block_id' };
    for (const block of blocks) {
      const detail = blockProblem(block);
      if (detail) return { error: 'invalid_blocks', detail };
    }
  }
  const hasText = typeof text === 'string' && text.trim() !== '';
  if (!hasText && (!Array.isArray(blocks) || blocks.length === 0)) return { error: 'no_text' };
  if (typeof text === 'string' && text.length > MAX_TEXT) return { error: 'msg_too_long' };
  return null;
}
