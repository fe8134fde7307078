// The order editor's text, written by the player or by the map (orders by the map replace the line
// they last wrote for a unit).
import { useRef, useState } from 'preact/hooks';
import type { GameStatus } from '../types.ts';
import type { Draft } from './OrderEditor.tsx';
import { useMapOrders } from './useMapOrders.ts';

export function useMapDraft(gameId: string, secret: string, status: GameStatus | null) {
  const [draft, setDraft] = useState<Draft>({ text: '', fromMap: false });
  // The line the map last wrote for each unit, so that the next step replaces it.
  const mapLines = useRef<Record<string, string>>({});
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const mapOrders = useMapOrders({
    gameId,
    secret,
    turn: status?.turn ?? 0,
    unitWord: status?.ruleset.words.unit ?? 'unit',
    writer: {
      text: () => draftRef.current.text,
      previous: (unit) => mapLines.current[unit],
      written: (unit, line, text, check) => {
        mapLines.current[unit] = line;
        setDraft({ text, fromMap: true, check });
      },
    },
  });
  return { draft, setDraft, mapOrders };
}
