// Imported first by launch.ts, before the core's own modules: the schemas they build as they load
// are built without compiled parsers too (main/core/start-parsers.ts says why and until when).
import { interpretedAtStart } from './start-parsers.ts';

interpretedAtStart();
