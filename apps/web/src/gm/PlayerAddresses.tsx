// The players' addresses of a new game, one for each nation of the scenario.
import type { ScenarioMaps } from './scenario-file.ts';

export function PlayerAddresses(props: { maps: ScenarioMaps; emails: Record<string, string>; onEmails(emails: Record<string, string>): void }) {
  const { emails } = props;
  return (
    <fieldset>
      <legend>Players' addresses</legend>
      {props.maps.nations.map((n) => (
        <label key={n.nationId}>
          {n.name}
          <input type="email" required value={emails[n.nationId] ?? ''} onInput={(e) => props.onEmails({ ...emails, [n.nationId]: e.currentTarget.value })} />
        </label>
      ))}
    </fieldset>
  );
}
