import type { Attachment, AttestationsResponse, Task } from '@castellan/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, reply } from '../../test/fake-api';
import { aTask } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import TaskDetail from './TaskDetail';

const ATTACHMENT: Attachment = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'console.png',
  contentType: 'image/png',
  size: 2048,
};

const trailOf = (over: Partial<AttestationsResponse> = {}): AttestationsResponse => ({
  trail: [
    {
      id: '44444444-4444-4444-8444-444444444444',
      at: '2026-03-04T14:05:00Z',
      by: 'Ben Carter',
      note: 'Checked in the admin console.',
      attachment: ATTACHMENT,
    },
  ],
  reattestMonths: null,
  reattestBy: null,
  ...over,
});

type Upload = { name: string | null; type: string | null; size: number };

/**
 * The fake server, with uploads answered here: their bodies are a file's bytes, which the shared
 * fake (it reads JSON bodies) does not take.
 */
function serve(answers: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(answers);
  const uploads: Upload[] = [];
  const json = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (request.method !== 'POST' || url.pathname !== '/api/attachments') return json(request);
    uploads.push({
      name: url.searchParams.get('name'),
      type: request.headers.get('content-type'),
      size: (await request.arrayBuffer()).byteLength,
    });
    return new Response(JSON.stringify({ attachment: ATTACHMENT }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { ...api, uploads };
}

function openTask(task: Task, { isAdmin = false, canComplete = true } = {}) {
  const onComplete = vi.fn();
  const view = renderWithApp(
    <TaskDetail
      opened
      task={task}
      onClose={() => {}}
      canComplete={canComplete}
      showAssignee={false}
      completing={false}
      onComplete={onComplete}
      isAdmin={isAdmin}
      changingState={false}
      onChangeState={() => {}}
    />,
  );
  return { ...view, onComplete };
}

const png = () => new File([new Uint8Array(2048)], 'console.png', { type: 'image/png' });

describe('completing a task with a note or a file', () => {
  it('uploads the file, then attests the task with the note and the file', async () => {
    const task = aTask('enable-mfa');
    const api = serve({
      'POST /tasks/attest': (call: ApiCall) => {
        expect(call.body).toEqual({
          taskId: task.id,
          note: 'Turned on for everyone.',
          attachmentId: ATTACHMENT.id,
        });
        return reply(trailOf());
      },
    });
    const { user, onComplete } = openTask(task);
    await user.click(screen.getByRole('button', { name: 'Add a note or file' }));
    await user.type(
      await screen.findByRole('textbox', { name: 'Note' }),
      '  Turned on for everyone. ',
    );
    await user.upload(screen.getByLabelText('File'), png());
    expect(screen.getByText('console.png (2 KB)')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Mark as complete' }));
    await waitFor(() => expect(api.callsTo('POST /tasks/attest')).toHaveLength(1));
    expect(api.uploads).toEqual([{ name: 'console.png', type: 'image/png', size: 2048 }]);
    expect(onComplete).not.toHaveBeenCalled();
    expect(api.callsTo('POST /mark-action-complete')).toHaveLength(0);
    expect(await screen.findByText('Task completed')).toBeVisible();
  });

  it('attests with a note alone, uploading nothing', async () => {
    const task = aTask('enable-mfa');
    const api = serve({ 'POST /tasks/attest': reply(trailOf()) });
    const { user } = openTask(task);
    await user.click(screen.getByRole('button', { name: 'Add a note or file' }));
    await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'Done on every laptop.');
    await user.click(screen.getByRole('button', { name: 'Mark as complete' }));
    await waitFor(() => expect(api.callsTo('POST /tasks/attest')).toHaveLength(1));
    expect(api.callsTo('POST /tasks/attest')[0]?.body).toEqual({
      taskId: task.id,
      note: 'Done on every laptop.',
    });
    expect(api.uploads).toEqual([]);
  });

  it('completes as before when no note or file is given', async () => {
    const api = serve({});
    const task = aTask('enable-mfa');
    const { user, onComplete } = openTask(task);
    await user.click(screen.getByRole('button', { name: 'Mark as complete' }));
    expect(onComplete).toHaveBeenCalledWith(task);

    // The part opened and left empty changes nothing either.
    await user.click(screen.getByRole('button', { name: 'Add a note or file' }));
    await user.type(await screen.findByRole('textbox', { name: 'Note' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Mark as complete' }));
    expect(onComplete).toHaveBeenCalledTimes(2);
    expect(api.callsTo('POST /tasks/attest')).toHaveLength(0);
  });

  it('refuses a file of another type before anything is sent', async () => {
    const api = serve({});
    const { user } = openTask(aTask('enable-mfa'));
    await user.click(screen.getByRole('button', { name: 'Add a note or file' }));
    const input = await screen.findByLabelText('File');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,application/pdf');
    // As a browser does when "All files" is chosen in its dialog.
    fireEvent.change(input, {
      target: { files: [new File(['GIF89a'], 'cat.gif', { type: 'image/gif' })] },
    });
    expect(
      screen.getByText('“cat.gif” is not a PNG, JPEG or PDF file. Choose a screenshot or a PDF.'),
    ).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Mark as complete' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove file' }));
    expect(screen.getByRole('button', { name: 'Mark as complete' })).toBeEnabled();
    expect(api.uploads).toEqual([]);
  });
});

describe('the attestations of a task marked done by hand', () => {
  const done = aTask('enable-mfa', {
    isCompleted: true,
    state: 'completed',
    completedAt: '2026-03-04T14:05:00Z',
    completedBy: 'Ben Carter',
  });

  it('lists who attested it, when, with the note and a link to the file', async () => {
    const api = serve({ 'GET /tasks/attestations': reply(trailOf()) });
    const { user } = openTask(done);
    // Loaded when asked for: the task's own address is at its page-weight limit.
    expect(api.callsTo('GET /tasks/attestations')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Show attestations' }));
    const trail = await screen.findByRole('list', { name: 'Attestation trail' });
    expect(screen.getByRole('heading', { name: 'Attestations' })).toHaveFocus();
    const entry = within(trail).getByRole('listitem');
    expect(entry).toHaveTextContent('Ben Carter, Mar 4, 2026');
    expect(entry).toHaveTextContent('Checked in the admin console.');
    expect(within(entry).getByRole('link', { name: /console\.png/ })).toHaveAttribute(
      'href',
      `/api/attachments/${ATTACHMENT.id}`,
    );
    expect(entry).toHaveTextContent('(PNG, 2 KB)');
    // No add-a-note part on a task already done; attesting again is offered instead.
    expect(screen.queryByRole('button', { name: 'Add a note or file' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Attest again' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Ask to attest again' })).toBeNull();
  });

  it('lets its owner attest again with a file', async () => {
    const api = serve({
      'GET /tasks/attestations': reply(trailOf()),
      'POST /tasks/attest': reply(trailOf()),
    });
    const { user } = openTask(done);
    await user.click(screen.getByRole('button', { name: 'Show attestations' }));
    await user.click(await screen.findByRole('button', { name: 'Attest again' }));
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveFocus();
    const attest = screen.getByRole('button', { name: 'Attest' });
    expect(attest).toBeDisabled();
    await user.upload(screen.getByLabelText('File'), png());
    await user.click(attest);
    await waitFor(() => expect(api.callsTo('POST /tasks/attest')).toHaveLength(1));
    expect(api.callsTo('POST /tasks/attest')[0]?.body).toEqual({
      taskId: done.id,
      attachmentId: ATTACHMENT.id,
    });
    expect(await screen.findByText('Attested again')).toBeVisible();
  });

  it('lets an administrator ask for it to be attested again, and says by when', async () => {
    const api = serve({
      'GET /tasks/attestations': reply(trailOf()),
      'PUT /tasks/reattestation': (call: ApiCall) => {
        expect(call.body).toEqual({ taskId: done.id, months: 6 });
        return reply(trailOf({ reattestMonths: 6, reattestBy: '2026-09-04T14:05:00Z' }));
      },
    });
    const { user } = openTask(done, { isAdmin: true, canComplete: false });
    await user.click(screen.getByRole('button', { name: 'Show attestations' }));
    const select = await screen.findByRole('combobox', { name: 'Ask to attest again' });
    expect(select).toHaveValue('never');
    expect(screen.queryByRole('button', { name: 'Attest again' })).toBeNull();
    await user.selectOptions(select, 'Every 6 months');
    expect(await screen.findByText('Attest again by Sep 4, 2026')).toBeVisible();
    expect(select).toHaveValue('6');
    expect(api.callsTo('PUT /tasks/reattestation')).toHaveLength(1);
  });

  it('is not shown for a task an automatic check found done', async () => {
    const api = serve({ 'GET /tasks/attestations': reply(trailOf()) });
    openTask({
      ...done,
      completedBy: 'Google Workspace',
      evidence: [
        {
          source: 'gws',
          verdict: 'pass',
          checkedAt: done.completedAt ?? '',
          detail: null,
        },
      ],
    });
    expect(await screen.findByText(/Completed on/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show attestations' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Attestations' })).toBeNull();
    expect(api.callsTo('GET /tasks/attestations')).toHaveLength(0);
  });
});
