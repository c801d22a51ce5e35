// The connection area: the connection test against the instance in use.
import { connectionHandlers } from '../connection/handlers.ts';
import type { Area, CallsOf, Till } from './area.ts';

export function connectionArea(till: Till): Area<CallsOf<'connection'>> {
  return {
    handlers: connectionHandlers({
      connected: () => {
        const link = till.link();
        if (link?.client == null || link.instance == null) return null;
        return { instance: link.instance, client: link.client, monitor: link.monitor, db: link.db };
      },
      resolution: () => till.connection.resolution(),
      setVersion: (version) => till.connection.setVersion(version),
      changed: () => till.statusChanged(),
      permissionsFound: (checks, client) => till.connection.permissionsFound(checks, client),
      describe: (error) => till.connection.describe(error),
    }),
  };
}
