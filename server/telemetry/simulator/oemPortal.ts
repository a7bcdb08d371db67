// A simulated OEM portal for a set of machines: their telematics units' counters served as an
// ISO 15143-3 feed on 127.0.0.1, at a clock the simulator moves (history) or the real one (live).
import { nextDate, zonedDate } from '../../../src/domain/zonedTime.ts';
import type { FeedEquipment } from './aempDocument.ts';
import { startAempFeedServer, type AempFeedServer, type FeedServerAuth } from './aempFeedServer.ts';
import { oemReading, type OemCounterBase } from './oemUnit.ts';
import { planMachine, type MachinePlan, type SimMachine } from './plan.ts';

export interface OemSimMachine {
  sim: SimMachine;
  header: Omit<FeedEquipment, 'reading'>;
  base: OemCounterBase;
}

export class SimulatedOemPortal {
  /** The snapshot's moment; null follows the real clock. */
  clockMs: number | null = null;
  private plans = new Map<string, MachinePlan>();
  private plannedUntil = '';

  private server: AempFeedServer | null = null;

  private constructor(
    private readonly machines: OemSimMachine[],
    private readonly firstDay: string,
    private readonly timeZone: string,
    private readonly seed: number,
  ) {}

  static async start(
    machines: OemSimMachine[],
    options: { firstDay: string; timeZone: string; seed: number; auth: FeedServerAuth },
  ): Promise<SimulatedOemPortal> {
    const portal = new SimulatedOemPortal(
      machines,
      options.firstDay,
      options.timeZone,
      options.seed,
    );
    portal.server = await startAempFeedServer({
      format: 'xml',
      pageSize: 50,
      auth: options.auth,
      now: () => portal.now(),
      snapshot: () => portal.snapshot(),
    });
    return portal;
  }

  get feed(): AempFeedServer {
    if (!this.server) throw new Error('the simulated OEM portal is not started');
    return this.server;
  }

  now(): number {
    return this.clockMs ?? Date.now();
  }

  async close(): Promise<void> {
    await this.server?.close();
  }

  private snapshot(): FeedEquipment[] {
    const nowMs = this.now();
    // Plans run from the first day, so that counters keep growing from the same base; they are
    // extended a day ahead of the clock.
    const through = nextDate(zonedDate(new Date(nowMs), this.timeZone));
    if (through > this.plannedUntil) {
      const days: string[] = [];
      for (let day = this.firstDay; day <= through; day = nextDate(day)) days.push(day);
      for (const machine of this.machines) {
        this.plans.set(machine.sim.imei, planMachine(machine.sim, days, this.timeZone, this.seed));
      }
      this.plannedUntil = through;
    }
    return this.machines.map((machine) => ({
      ...machine.header,
      reading: oemReading(
        machine.sim.kind,
        this.plans.get(machine.sim.imei) as MachinePlan,
        machine.sim.site,
        machine.base,
        nowMs,
      ),
    }));
  }
}
