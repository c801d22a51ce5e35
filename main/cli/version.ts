// `pos version`: which instance this is and what it offers (capability detection at connect).
import { ENDPOINTS, type Capabilities } from '../service/index.ts';
import { defineCommand } from './command.ts';

export const command = defineCommand({
  summary: 'show the instance version and which endpoints it offers',
  usage: '[--json]',
  async run(ctx) {
    const client = ctx.service();
    const capabilities = await client.capabilities(ctx.signal);
    return {
      json: { baseUrl: client.baseUrl, ...capabilities },
      text: describe(client.baseUrl, capabilities),
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
