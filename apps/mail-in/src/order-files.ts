// Which attachments are order files by their content: every ruleset is asked (`Ruleset.orders.recognises`),
// because a mail is read before its game is known. The mail intake knows no order file's format itself.
import { RULESET_IDS, rulesetFor } from '@arbiter/rulesets';
import type { RecognisesOrderFile } from './extract.ts';

export const rulesetsRecognise: RecognisesOrderFile = (text) => RULESET_IDS.some((id) => rulesetFor(id).orders.recognises?.(text) === true);
