/**
 * `npm run bench:calendar` (issue 36, point 7): the server time of the back-office's week calendar
 * (planning.week through the tRPC router and its middlewares, one query per screen) for the owner
 * viewing 5 technicians and 200 appointments, and for one technician viewing their own week.
 *
 * The measured week is booked through the real command path (bookAppointment: the stream, the
 * per-technician lock, the conflict check, the mail and reminder rows); BENCH_WEEKS other weeks of
 * the same density are written straight into the read tables around it, so the index has a year
 * of history to skip. Goal (docs/decisions/036-appointments.md): under 300 ms.
 *
 * Options (environment): BENCH_APPOINTMENTS (in the measured week, default 200), BENCH_WEEKS
 * (background weeks, default 52), BENCH_RUNS (default 50). BENCH_TINY=1: 20 appointments, 2
 * weeks, 3 runs (bench:smoke keeps it from rotting; figures mean nothing).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { addDays, parisInstant, parisWeek } from '../src/domain/interventions/appointments.js';
import { DEFAULT_SETTINGS } from '../src/domain/settings/settings.js';
import { parisDay } from '../src/domain/site/time-zone.js';
import { createAuth } from '../src/server/auth/auth.js';
import { createSql } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { bookAppointment } from '../src/server/interventions/appointments.js';
import { openIntervention } from '../src/server/interventions/commands.js';
import { setLogLevel } from '../src/server/logger.js';
import { appRouter } from '../src/server/routers/index.js';
import { createCallerFactory } from '../src/server/trpc.js';
import { benchConfig, fmt, openBenchDatabase } from './support.js';

const TINY = process.env.BENCH_TINY === '1';
const APPOINTMENTS = TINY ? 20 : Number(process.env.BENCH_APPOINTMENTS ?? 200);
const WEEKS = TINY ? 2 : Number(process.env.BENCH_WEEKS ?? 52);
const RUNS = TINY ? 3 : Number(process.env.BENCH_RUNS ?? 50);
const TECHNICIANS = 5;
/** Six visits a day of an hour each, 30 minutes of travel between them. */
const TIMES = ['08:00', '09:30', '11:00', '12:30', '14:00', '15:30'];

setLogLevel('warn');
const db = await openBenchDatabase('calendar');
const sql = createSql(db.url, 10);
try {
  await migrate(sql);
  const config = benchConfig(db.url, 'calendar');
  const auth = createAuth(sql, config);
  const technicians = Array.from({ length: TECHNICIANS }, (_, i) => `bench-tech-${i + 1}`);
  await sql`
    insert into users (id, name, email, created_at)
    select id, 'Technicien ' || id, id || '@example.fr', now() from unnest(${technicians}::text[]) as id`;
  await sql`
    insert into profiles (id, first_name, last_name, role, created_at)
    select id, 'Technicien', id, 'technician', now() from unnest(${technicians}::text[]) as id`;
  const owner = 'bench-owner';
  await sql`insert into users (id, name, email, created_at) values (${owner}, 'Patron', 'patron@example.fr', now())`;
  await sql`insert into profiles (id, first_name, last_name, role, created_at) values (${owner}, 'Le', 'Patron', 'admin', now())`;

  // The measured week (three weeks ahead: never in the past), booked through the command path.
  const week = parisWeek(addDays(parisDay(new Date()), 21));
  const mailing = { publicUrl: config.PUBLIC_URL, secret: config.AUTH_SECRET, settings: DEFAULT_SETTINGS };
  const meta = () => ({
    actor: { kind: 'admin' as const, userId: owner },
    at: new Date().toISOString(),
    requestId: 'bench',
  });
  const started = performance.now();
  for (let n = 0; n < APPOINTMENTS; n++) {
    const technicianId = technicians[n % TECHNICIANS]!;
    const slot = Math.floor(n / TECHNICIANS);
    const day = week.days[slot % 7]!;
    const time = TIMES[Math.floor(slot / 7) % TIMES.length]!;
    const { state } = await openIntervention(
      sql,
      {
        name: `Client ${n}`,
        email: `client${n}@example.fr`,
        phone: '+33612345678',
        service: 'guepe',
        siteType: 'logement_ancien',
        street: `${n} rue des Lilas`,
        zipCode: '27000',
        city: 'Évreux',
        urgency: 'semaine',
        preferredSlots: [],
        message: '',
        callbackConsent: false,
      },
      { meta: meta(), source: 'admin', customerId: null },
    );
    await bookAppointment(sql, state!.id, { technicianId, day, time, durationMinutes: 60 }, meta(), mailing);
  }
  const bookingMs = performance.now() - started;

  // Background weeks, straight into the read tables (same density, before and after).
  const background = [];
  for (let w = 1; w <= WEEKS; w++) {
    const other = parisWeek(addDays(week.monday, 7 * (w % 2 === 0 ? w / 2 : -(w + 1) / 2)));
    for (let n = 0; n < APPOINTMENTS; n++) {
      const slot = Math.floor(n / TECHNICIANS);
      const start = parisInstant(other.days[slot % 7]!, TIMES[Math.floor(slot / 7) % TIMES.length]!);
      background.push({
        id: randomUUID(),
        interventionId: randomUUID(),
        technicianId: technicians[n % TECHNICIANS]!,
        startsAt: start.toISOString(),
        endsAt: new Date(start.getTime() + 3_600_000).toISOString(),
      });
    }
  }
  for (let i = 0; i < background.length; i += 1000) {
    const chunk = background.slice(i, i + 1000);
    await sql`
      insert into interventions (id, number, status, service, site_type, urgency, name, email, phone, street,
                                 zip_code, city, message, source, version, created_at, updated_at)
      select x."interventionId", 'INT-BG-' || x."interventionId", 'scheduled', 'guepe', 'logement_ancien', 'semaine',
             'Client', 'client@example.fr', '+33612345678', '1 rue des Lilas', '27000', 'Évreux', '', 'admin', 2, now(), now()
        from jsonb_to_recordset(${sql.json(chunk as never)}) as x("interventionId" uuid)`;
    await sql`
      insert into appointments (id, intervention_id, technician_id, starts_at, ends_at, status, sequence, booked_at, updated_at)
      select x.id, x."interventionId", x."technicianId", x."startsAt", x."endsAt", 'planned', 0, now(), now()
        from jsonb_to_recordset(${sql.json(chunk as never)})
             as x(id uuid, "interventionId" uuid, "technicianId" text, "startsAt" timestamptz, "endsAt" timestamptz)`;
  }
  await sql`analyze appointments`;
  await sql`analyze interventions`;

  const caller = (id: string, role: 'admin' | 'technician') =>
    createCallerFactory(appRouter)({
      sql,
      config,
      auth,
      user: { id, email: `${id}@example.fr`, name: id, role },
      requestId: 'bench',
      ip: '127.0.0.1',
    });
  const measure = async (label: string, run: () => Promise<{ appointments: unknown[] }>) => {
    const first = await run();
    for (let i = 0; i < 3; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    console.log(
      `${label.padEnd(34)} ${String(first.appointments.length).padStart(4)} appointments   p50 ${at(0.5).toFixed(1)} ms   p95 ${at(0.95).toFixed(1)} ms   max ${at(1).toFixed(1)} ms`,
    );
    return at(0.95);
  };

  console.log(
    `bench:calendar, ${db.mode}: ${TECHNICIANS} technicians, ${fmt(APPOINTMENTS)} appointments in the week of ${week.monday}, ${fmt(background.length)} in ${WEEKS} other weeks; ${RUNS} runs each`,
  );
  console.log(
    `booking through the command path: ${(bookingMs / APPOINTMENTS).toFixed(1)} ms per appointment`,
  );
  const ownerP95 = await measure('owner, every technician', () =>
    caller(owner, 'admin').planning.week({ day: week.days[2]!, technicianId: null }),
  );
  await measure('technician, own week', () =>
    caller(technicians[0]!, 'technician').planning.week({ day: week.days[2]!, technicianId: null }),
  );
  console.log(`goal: the owner's week under 300 ms (p95): ${ownerP95 < 300 ? 'met' : 'NOT met'}`);
} finally {
  await sql.end({ timeout: 5 });
  await db.close();
}
