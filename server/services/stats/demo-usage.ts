import { sql } from 'drizzle-orm';
import {
  insertNetSamples,
  insertTunnelEvents,
  type NetSampleRow,
  type TunnelEventRow,
  type Writer,
} from './usage-store';

/**
 * Realistic demo usage, the same for the same seed: each device connects a few times a day at the
 * hours of its rhythm (office hours, evenings, or around the clock for an encoder), less at the
 * weekend, and moves bytes while connected, more in the middle of a session and with the noise of
 * real traffic. Used by the demo seed (a few weeks at five minutes) and by `npm run stats:generate`
 * (larger volumes, one-minute samples).
 */

type Rhythm = 'office' | 'evening' | 'always';

export type DemoPerson = { userId: string; serverId: string | null; rhythm: Rhythm };

export type DemoUsageOptions = {
  /** The last sample is before this time. */
  end: Date;
  days: number;
  intervalSeconds: number;
  seed: number;
};

type DemoDevice = { deviceUuid: string; serverId: string | null; rhythm: Rhythm; from: number; until: number };

const hourMs = 3600 * 1000;
const dayMs = 24 * hourMs;

/** Sessions a day: when they start (hour of the day), how long they last (hours), how much traffic. */
const rhythms: Record<Rhythm, { starts: number[]; hours: [number, number]; bytesPerSecond: number }> = {
  office: { starts: [8, 13], hours: [2, 4.5], bytesPerSecond: 180_000 },
  evening: { starts: [7, 19, 21], hours: [0.5, 3], bytesPerSecond: 400_000 },
  always: { starts: [0], hours: [22.5, 23], bytesPerSecond: 900_000 },
};

/** mulberry32: a small seeded generator, so a seed always gives the same data. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One device's tunnel events and samples over the days before `end`, within its linked time. */
function deviceUsage(device: DemoDevice, options: DemoUsageOptions, random: () => number) {
  const events: TunnelEventRow[] = [];
  const samples: NetSampleRow[] = [];
  const { starts, hours, bytesPerSecond } = rhythms[device.rhythm];
  const stepMs = options.intervalSeconds * 1000;
  const firstDay = Math.floor(options.end.getTime() / dayMs) - options.days;
  // A session that would begin before the previous one ended is skipped: one tunnel at a time.
  let previousEnd = Number.NEGATIVE_INFINITY;
  for (let day = firstDay; day <= firstDay + options.days; day++) {
    const weekend = [0, 6].includes(new Date(day * dayMs).getUTCDay());
    for (const startHour of starts) {
      if (device.rhythm !== 'always' && random() < (weekend ? 0.7 : 0.15)) continue;
      const start = day * dayMs + (startHour + random() * 0.5) * hourMs;
      const length = (hours[0] + random() * (hours[1] - hours[0])) * hourMs;
      const from = Math.max(start, device.from, options.end.getTime() - options.days * dayMs);
      const until = Math.min(start + length, device.until, options.end.getTime());
      if (from < previousEnd || until - from < stepMs) continue;
      previousEnd = until;
      events.push({ at: new Date(from), device: device.deviceUuid, type: 'connect' });
      for (let at = Math.ceil(from / stepMs) * stepMs; at + stepMs <= until; at += stepMs) {
        // Busier in the middle of a session, with the spikes of real traffic.
        const middle = Math.sin((Math.PI * (at - from)) / (until - from));
        const spike = random() < 0.03 ? 4 + random() * 6 : 1;
        const rate = bytesPerSecond * (0.3 + middle) * (0.5 + random()) * spike;
        const seconds = options.intervalSeconds;
        samples.push({
          at: new Date(at),
          device: device.deviceUuid,
          intervalSeconds: seconds,
          rxBytes: Math.round(rate * seconds),
          txBytes: Math.round(rate * seconds * (0.08 + random() * 0.12)),
        });
      }
      events.push({ at: new Date(until), device: device.deviceUuid, type: 'disconnect' });
    }
  }
  return { events, samples };
}

/** Rows per statement: large enough to be quick, small enough for one JSON parameter. */
const chunkRows = 5000;

/** Writes demo usage for every linked device of the people given; returns the rows written. */
export async function writeDemoUsage(db: Writer, people: DemoPerson[], options: DemoUsageOptions) {
  const random = seededRandom(options.seed);
  let written = 0;
  for (const person of people) {
    const result = (await db.execute(sql`
      select device_uuid as "deviceUuid", extract(epoch from linked_at)::float8 * 1000 as "from",
        coalesce(extract(epoch from signed_out_at)::float8 * 1000, 'Infinity'::float8) as until
      from devices where user_id = ${person.userId} order by linked_at, device_uuid`)) as unknown as {
      rows: { deviceUuid: string; from: number; until: number }[];
    };
    for (const row of result.rows) {
      const device = { ...row, until: Number(row.until), serverId: person.serverId, rhythm: person.rhythm };
      const { events, samples } = deviceUsage(device, options, random);
      await insertTunnelEvents(db, person.serverId, events);
      for (let index = 0; index < samples.length; index += chunkRows) {
        await insertNetSamples(db, person.serverId, samples.slice(index, index + chunkRows));
      }
      written += events.length + samples.length;
    }
  }
  return written;
}
