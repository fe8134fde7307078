// Which attachments are order files by their content: every ruleset is asked (`Ruleset.orders.recognises`),
// because a mail is read before its game is known. The mail intake knows no order file's format itself.
import { rulesetRecognising } from '@arbiter/rulesets';
import type { RecognisesOrderFile } from './extract.ts';

export const rulesetsRecognise: RecognisesOrderFile = (text) => rulesetRecognising(text) !== null;
