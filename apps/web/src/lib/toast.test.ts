import { describe, expect, it, vi } from 'vitest';

/** A fresh copy of lib/toast (sonner's store is shared: each test looks for its own toasts). */
async function fresh() {
  vi.resetModules();
  const facade = await import('./toast');
  const sonner = await import('sonner');
  // The toasts on screen (a dismissed one is left out), as sonner keeps them.
  const shown = () => sonner.toast.getToasts() as { id: string | number; type?: string; title?: unknown }[];
  return { ...facade, sonner: { getToasts: shown } };
}

describe('toast before sonner has loaded', () => {
  it('gives an id at once and shows the toast, once per message, when sonner arrives', async () => {
    const { toast, loadToasts, sonner } = await fresh();
    expect(toast.success('Saved')).toBe('msg:Saved');
    expect(toast.success('Saved')).toBe('msg:Saved');
    expect(toast.error('Failed', { id: 'mine' })).toBe('mine');
    const mine = () => sonner.getToasts().filter((t) => t.id === 'msg:Saved' || t.id === 'mine');
    expect(mine()).toHaveLength(0);
    await loadToasts();
    expect(mine().map((t) => [t.id, t.type, t.title])).toEqual([
      ['msg:Saved', 'success', 'Saved'],
      ['mine', 'error', 'Failed'],
    ]);
  });

  it('keeps the order of a dismiss asked for before sonner arrived', async () => {
    const { toast, loadToasts, sonner } = await fresh();
    const id = toast.info('Uploading');
    toast.dismiss(id);
    toast.info('Uploaded');
    await loadToasts();
    const titles = sonner.getToasts().map((t) => t.title);
    expect(titles).toContain('Uploaded');
    expect(titles).not.toContain('Uploading');
  });

  it('hands calls straight to sonner once it has loaded', async () => {
    const { toast, loadToasts, sonner } = await fresh();
    await loadToasts();
    toast.message('Hello');
    expect(sonner.getToasts().map((t) => t.title)).toContain('Hello');
  });

  it('keeps the calls when sonner cannot load (offline), and shows them when a later try succeeds', async () => {
    vi.resetModules();
    vi.doMock('sonner', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { toast, loadToasts } = await import('./toast');
    expect(toast.error('No connection yet')).toBe('msg:No connection yet');
    await expect(loadToasts()).rejects.toThrow();
    vi.doUnmock('sonner');
    await loadToasts();
    const { toast: sonner } = await import('sonner');
    expect(sonner.getToasts().map((t) => ('title' in t ? t.title : null))).toContain('No connection yet');
  });
});
