// Geofence rules shared by the sites API and the editor: validation, centres and containment.
import { describe, expect, it } from 'vitest';
import {
  contains,
  distanceBetweenM,
  geofenceCentre,
  geofenceProblem,
  type Geofence,
} from '../../src/domain/geofence.ts';

const p = (latitude: number, longitude: number) => ({ latitude, longitude });
const square: Geofence = {
  type: 'polygon',
  points: [p(51.5, -0.2), p(51.5, -0.1), p(51.6, -0.1), p(51.6, -0.2)],
};

describe('geofences', () => {
  it('accepts a simple polygon and a circle of sensible size', () => {
    expect(geofenceProblem(square)).toBeNull();
    expect(geofenceProblem({ type: 'circle', centre: p(51.5, 0), radiusM: 250 })).toBeNull();
  });

  it('names what is wrong', () => {
    const problem = (geofence: Geofence) => geofenceProblem(geofence)?.field;
    expect(
      problem({
        type: 'polygon',
        points: [p(51.5, -0.2), p(51.6, -0.1), p(51.5, -0.1), p(51.6, -0.2)],
      }),
    ).toBe('geofence.points');
    expect(problem({ type: 'polygon', points: [p(51.5, -0.2), p(51.6, -0.1), p(51.7, 0)] })).toBe(
      'geofence.points',
    );
    expect(problem({ type: 'polygon', points: [p(51.5, -0.2), p(91, -0.1), p(51.6, 0)] })).toBe(
      'geofence.points',
    );
    expect(problem({ type: 'circle', centre: p(51.5, 181), radiusM: 100 })).toBe('geofence.centre');
    expect(problem({ type: 'circle', centre: p(51.5, 0), radiusM: 60_000 })).toBe(
      'geofence.radiusM',
    );
  });

  it('marks a polygon at its centroid and knows what lies inside', () => {
    const centre = geofenceCentre(square);
    expect(centre.latitude).toBeCloseTo(51.55, 9);
    expect(centre.longitude).toBeCloseTo(-0.15, 9);
    expect(contains(square, p(51.55, -0.15))).toBe(true);
    expect(contains(square, p(51.65, -0.15))).toBe(false);
    const circle: Geofence = { type: 'circle', centre: p(51.5, 0), radiusM: 1000 };
    expect(contains(circle, p(51.505, 0))).toBe(true);
    expect(contains(circle, p(51.51, 0))).toBe(false);
  });

  it('measures a degree of latitude as about 111 km', () => {
    expect(distanceBetweenM(p(51, 0), p(52, 0))).toBeCloseTo(111_195, -2);
  });
});
