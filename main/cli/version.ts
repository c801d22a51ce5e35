// `pos version`: which instance this is and what it offers (capability detection at connect).
import type { Db } from '../../db/database.ts';
import { ENDPOINTS, type Capabilities } from '../service/index.ts';
import { InstanceProfile, whatWasFound, type LearntProfile } from '../sync/index.ts';
import { defineCommand } from './command.ts';

/** The resources whose requests are shaped by what is learnt of the instance. */
const SHAPED = ['stockItems', 'financialReceivables'] as const;

export const command = defineCommand({
  summary: 'show the instance version and which endpoints it offers',
  usage: '[--json]',
  async run(ctx) {
    const client = ctx.service();
    const capabilities = await client.capabilities(ctx.signal);
    const learnt = learntOf(ctx.db(), client.baseUrl);
    return {
      json: { baseUrl: client.baseUrl, ...capabilities, learnt },
      text: [describe(client.baseUrl, capabilities), ...learntLines(learnt)].join('\n'),
    };
  },
});

function describe(baseUrl: string, c: Capabilities): string {
  const missing = Object.entries(c.endpoints)
    .filter(([, present]) => !present)
    .map(([name]) => `  ${ENDPOINTS[name as keyof typeof ENDPOINTS].title}`);
  return [
    `Instance:    ${baseUrl}`,
    `Version:     ${c.version ?? 'not reported'}${c.name ? ` (${c.name})` : ''}`,
    `Description: ${c.described ? 'read from /swagger' : 'not available; endpoints assumed present'}`,
    `Order replays recognised (Idempotency-Key): ${c.recognisesClientReference ? 'yes' : 'no'}`,
    missing.length === 0 ? 'Every endpoint Counter uses is available.' : 'Not available on this instance:',
    ...missing,
  ].join('\n');
}

/** What the syncs learnt of this instance (instance-profile.ts), per resource; nothing before a sync. */
function learntOf(db: Db, baseUrl: string): Partial<Record<(typeof SHAPED)[number], LearntProfile>> {
  return Object.fromEntries(
    SHAPED.flatMap((resource) => {
      const kept = InstanceProfile.kept(db, resource);
      return kept === undefined || kept.instance !== baseUrl ? [] : [[resource, kept]];
    }),
  );
}

function learntLines(learnt: ReturnType<typeof learntOf>): string[] {
  const entries = Object.entries(learnt);
  if (entries.length === 0)
    return ['No sync has run against this instance yet: nothing learnt of its views.'];
  return [
    'What the last sync learnt:',
    ...entries.map(
      ([resource, p]) =>
        `  ${resource}: ${
          whatWasFound(p)
            .map((f) => f.message)
            .join('; ') || 'nothing unusual'
        }`,
    ),
  ];
}
