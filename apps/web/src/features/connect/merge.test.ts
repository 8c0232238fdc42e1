import { describe, expect, it } from 'vitest';
import type { Post } from '../../api/connect';
import { flattenPages, mergePosts } from './merge';

const post = (id: string, text = id) => ({ _id: id, text }) as unknown as Post;
const ids = (ps: Post[]) => ps.map((p) => p._id);

describe('mergePosts', () => {
  it('appends a page that has a previous page, leaving out posts already shown', () => {
    const merged = mergePosts([post('a'), post('b')], [post('b'), post('c')], { prev: { page: 0 } });
    expect(ids(merged)).toEqual(['a', 'b', 'c']);
  });

  it('puts page 0 in front (newer posts first) without repeating what is shown', () => {
    const merged = mergePosts([post('b'), post('c')], [post('a'), post('b')], { prev: null });
    expect(ids(merged)).toEqual(['a', 'b', 'c']);
  });

  it('keeps a shown post in its place but takes its newer copy', () => {
    const merged = mergePosts([post('a', 'old'), post('b')], [post('a', 'new')], { prev: { page: 0 } });
    expect(merged.map((p) => p.text)).toEqual(['new', 'b']);
  });

  it('flattens pages in order, each post once, even when a page repeats itself', () => {
    const pages = [
      { posts: [post('a'), post('b')], pagination: { prev: null } },
      { posts: [post('b'), post('c'), post('c')], pagination: { prev: { page: 0 } } },
    ];
    expect(ids(flattenPages(pages))).toEqual(['a', 'b', 'c']);
  });
});
