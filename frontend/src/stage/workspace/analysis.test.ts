import { describe, expect, it } from 'vitest';
import { analysisButtonLabel, progressPercent } from './analysis';
import { renameItem, titleToSave } from './outline';

describe('analysis', () => {
  it('labels the button by status', () => {
    expect(analysisButtonLabel('in_progress')).toBe('Analyzing...');
    expect(analysisButtonLabel('completed')).toBe('Reanalyze');
    expect(analysisButtonLabel('failed')).toBe('Retry Analysis');
    expect(analysisButtonLabel('pending')).toBe('Analyze');
  });

  it('computes percent as processed / max(1, total) * 100', () => {
    expect(progressPercent({ processedChunks: 3, totalChunks: 12 })).toBe(25);
    expect(progressPercent({ processedChunks: 0, totalChunks: 0 })).toBe(0);
    expect(progressPercent({ processedChunks: 1, totalChunks: 0 })).toBe(100);
    expect(progressPercent({ processedChunks: 9, totalChunks: 4 })).toBe(100);
  });
});

describe('outline titles', () => {
  it('saves only a trimmed, non-empty, different title', () => {
    expect(titleToSave('Chapter I', '  The Beginning ')).toBe('The Beginning');
    expect(titleToSave('Chapter I', '   ')).toBeNull();
    expect(titleToSave('Chapter I', ' Chapter I ')).toBeNull();
  });

  it('renames an item anywhere in the tree without touching the others', () => {
    const leaf = {
      id: 'c',
      parentId: 'b',
      type: 'chapter' as const,
      title: 'C',
      startOffset: 0,
      endOffset: 1,
      children: [],
    };
    const tree = [
      { id: 'b', parentId: null, type: 'book' as const, title: 'B', startOffset: 0, endOffset: 1, children: [leaf] },
    ];
    const next = renameItem(tree, 'c', 'New');
    expect(next[0]!.children[0]!.title).toBe('New');
    expect(tree[0]!.children[0]!.title).toBe('C');
  });
});
