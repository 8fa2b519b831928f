import { describe, expect, it } from 'vitest';
import {
  type MonasteryScene,
  monasterySvg,
  type PujaMotif,
  pujaSvg,
  renderMonasteryPicture,
  renderPujaPicture,
} from './artwork.ts';
import { demoMonasteries, demoPujas, demoSpecialPuja } from './demo-catalogue.ts';

/**
 * The shapes of a drawing without its colours: every path, and every shape's position and size. Two
 * pictures that differ only in colour have the same geometry.
 */
function geometry(svg: string): Set<string> {
  const shapes = svg.match(/<(path|rect|circle|ellipse|line)\b[^>]*>/g) ?? [];
  return new Set(
    shapes.map((shape) =>
      shape
        .replace(/\s(fill|stroke|stop-color|opacity)="[^"]*"/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  );
}

/** The share of shapes two drawings have in common (Jaccard index). */
function overlap(a: Set<string>, b: Set<string>): number {
  const shared = [...a].filter((shape) => b.has(shape)).length;
  return shared / (a.size + b.size - shared);
}

describe('demo artwork', () => {
  it('draws each monastery as a building and landscape of its own, not one building recoloured', () => {
    const scenes = demoMonasteries.map((monastery) => monastery.scene);
    expect(new Set(scenes).size).toBe(demoMonasteries.length);
    const drawings = demoMonasteries.map((monastery) =>
      geometry(monasterySvg(monastery.scene, monastery.hue)),
    );
    for (const [i, a] of drawings.entries()) {
      for (const [j, b] of drawings.entries()) {
        if (j <= i) continue;
        expect(overlap(a, b), `${scenes[i]} and ${scenes[j]}`).toBeLessThan(0.2);
      }
    }
  });

  it('gives every puja a motif of its own', () => {
    const all = [...demoPujas, demoSpecialPuja];
    expect(new Set(all.map((puja) => puja.motif)).size).toBe(all.length);
    const motifs = new Set(all.map((puja) => [...geometry(pujaSvg(0, puja.motif))].sort().join('|')));
    expect(motifs.size).toBe(all.length);
  });

  it('draws in the proportion of a share image and renders 1600×840, so every variant is made of real pixels', async () => {
    const pictures = await Promise.all([renderMonasteryPicture('stupa', 10), renderPujaPicture(10, 'lamp')]);
    expect(pictures.map(({ width, height }) => [width, height])).toEqual([
      [1600, 840],
      [1600, 840],
    ]);
    const frames = [
      monasterySvg('stupa' satisfies MonasteryScene, 10),
      pujaSvg(10, 'lamp' satisfies PujaMotif),
    ].map((svg) => /<svg[^>]*viewBox="0 0 (\d+) (\d+)"/.exec(svg)?.slice(1, 3));
    expect(frames).toEqual([
      ['1200', '630'],
      ['1200', '630'],
    ]);
  });
});
