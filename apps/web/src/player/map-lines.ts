// Putting an order line written from the map into the editor's text: it replaces the line the map wrote
// for that unit before (if the player has not changed it), or is added at the end. No order syntax here.

export function withMapLine(text: string, previous: string | undefined, line: string): string {
  const lines = text === '' ? [] : text.split('\n');
  const at = previous === undefined ? -1 : lines.indexOf(previous);
  if (at >= 0) lines[at] = line;
  else {
    while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
    lines.push(line);
  }
  return lines.join('\n');
}
