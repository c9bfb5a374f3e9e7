import { FieldSelect } from '@ark-ui/react/field';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import {
  type RangePreset,
  type RangeProblem,
  type ReportScope,
  type ReportsEvent,
  rangePresets,
  type reportsMachine,
} from '../../../machines/reports/reports.machine';
import { css } from '../../../styled-system/css';
import { wrap } from '../../../styled-system/patterns';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Text } from '../../components/ui/text';
import { dayInZone } from '../../lib/format/dates';
import { choiceGroup } from '../../theme/recipes/choice-group';
import { field, fieldControl } from '../../theme/recipes/field';

export type ReportFiltersViewProps = {
  snapshot: SnapshotFrom<typeof reportsMachine>;
  send: (event: ReportsEvent) => void;
  /** The teams this person administers. */
  teams: readonly { teamId: number; name: string }[];
  /** This person's linked devices. */
  devices: readonly { deviceId: string; name: string }[];
  /** IANA, e.g. `Europe/Berlin`: every time of the page is shown in it. */
  timeZone: string;
};

const presetLabels: Record<RangePreset, MessageDescriptor> = {
  '24h': msg`Last 24 hours`,
  '7d': msg`Last 7 days`,
  '30d': msg`Last 30 days`,
  '90d': msg`Last 90 days`,
};

const rangeProblemText: Record<RangeProblem, MessageDescriptor> = {
  reversed: msg`The end date must be on or after the start date.`,
  tooLong: msg`A report covers at most a year. Choose a shorter range.`,
  malformed: msg`Enter a start and an end date.`,
};

const scopeValue = (scope: ReportScope) =>
  scope.kind === 'team' ? `team:${scope.teamId}` : scope.kind === 'device' ? `device:${scope.deviceId}` : 'me';

function scopeOfValue(value: string): ReportScope {
  if (value.startsWith('team:')) return { kind: 'team', teamId: Number(value.slice('team:'.length)) };
  if (value.startsWith('device:')) return { kind: 'device', deviceId: value.slice('device:'.length) };
  return { kind: 'me' };
}

const group = choiceGroup();
const fieldParts = field();
const fieldsetBody = wrap({ gap: '3', align: 'flex-end' });
/** A preset as a chip: its radio inside, the chip marked while checked and ringed while focused. */
const presetChip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  minHeight: '10',
  paddingInline: '3',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'l2',
  bg: 'canvas',
  cursor: 'pointer',
  '&:has(:checked)': { borderColor: 'accent.default', bg: 'accent.subtle' },
  '&:has(:focus-visible)': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  '& input': { accentColor: 'accent.default', _focusVisible: { outline: 'none' } },
});

/** The teams or the devices among the scopes; left out when there are none. */
function ScopeGroup({ label, options }: { label: string; options: readonly { value: string; label: string }[] }) {
  if (options.length === 0) return null;
  return (
    <optgroup label={label}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </optgroup>
  );
}

/**
 * A day of the custom range; uncontrolled, and started again from `day` whenever the range changes.
 * Not a `Field`: both days are described by the one problem under them.
 */
function DayField(props: {
  id: string;
  name: 'fromDay' | 'toDay';
  label: ReactNode;
  day: string;
  resetKey: string;
  problemId: string | null;
}) {
  return (
    <div className={fieldParts.root}>
      <label htmlFor={props.id} className={fieldParts.label}>
        {props.label}
      </label>
      <input
        key={`${props.name}|${props.resetKey}`}
        id={props.id}
        name={props.name}
        type="date"
        defaultValue={props.day}
        aria-invalid={props.problemId ? true : undefined}
        aria-describedby={props.problemId ?? undefined}
        className={fieldControl}
      />
    </div>
  );
}

/** The range, scope and custom days the person chooses; every choice is an event to the machine. */
export function ReportFiltersView({ snapshot, send, teams, devices, timeZone }: ReportFiltersViewProps) {
  const { t, i18n } = useLingui();
  const problemId = useId();
  const fromId = useId();
  const toId = useId();
  const { range, scope, rangeProblem, report } = snapshot.context;
  // The days the custom inputs start from: the custom range, or the days the shown preset covers.
  const fromDay = range.preset === 'custom' ? range.fromDay : report ? dayInZone(report.from, timeZone) : '';
  const toDay =
    range.preset === 'custom'
      ? range.toDay
      : report
        ? dayInZone(new Date(Date.parse(report.to) - 1).toISOString(), timeZone)
        : '';
  const daysKey = `${range.preset}|${fromDay}|${toDay}`;
  const problem = rangeProblem ? i18n._(rangeProblemText[rangeProblem]) : null;

  const chooseCustomRange = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    send({
      type: 'user.chooseCustomRange',
      fromDay: String(form.get('fromDay') ?? ''),
      toDay: String(form.get('toDay') ?? ''),
    });
  };

  // A scope from the address that the lists do not (yet) hold is still the one shown.
  const current = scopeValue(scope);
  const teamOptions = teams.map((team) => ({ value: `team:${team.teamId}`, label: team.name }));
  const deviceOptions = devices.map((device) => ({ value: `device:${device.deviceId}`, label: device.name }));
  if (scope.kind === 'team' && !teamOptions.some((option) => option.value === current))
    teamOptions.push({ value: current, label: t`Team ${scope.teamId}` });
  if (scope.kind === 'device' && !deviceOptions.some((option) => option.value === current))
    deviceOptions.push({ value: current, label: scope.deviceId });

  return (
    <Card title={<Trans>Filters</Trans>}>
      <form onSubmit={chooseCustomRange} className={wrap({ gap: '5' })}>
        <fieldset className={group.root}>
          <legend className={group.legend}>
            <Trans>Range</Trans>
          </legend>
          <div className={fieldsetBody}>
            {rangePresets.map((preset) => (
              <label key={preset} className={presetChip}>
                <input
                  type="radio"
                  name="range"
                  value={preset}
                  checked={range.preset === preset}
                  onChange={() => send({ type: 'user.choosePreset', preset })}
                />
                {i18n._(presetLabels[preset])}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className={group.root}>
          <legend className={group.legend}>
            <Trans>Custom range</Trans>
          </legend>
          <div className={fieldsetBody}>
            <DayField
              id={fromId}
              name="fromDay"
              label={<Trans>From</Trans>}
              day={fromDay}
              resetKey={daysKey}
              problemId={problem ? problemId : null}
            />
            <DayField
              id={toId}
              name="toDay"
              label={<Trans>To</Trans>}
              day={toDay}
              resetKey={daysKey}
              problemId={problem ? problemId : null}
            />
            <Button type="submit" variant="outline">
              <Trans>Show range</Trans>
            </Button>
          </div>
          {problem ? (
            <Text id={problemId} tone="danger" weight="medium">
              {problem}
            </Text>
          ) : null}
        </fieldset>
        <Field label={<Trans>Show usage of</Trans>}>
          <FieldSelect
            className={fieldControl}
            value={current}
            onChange={(event) => send({ type: 'user.chooseScope', scope: scopeOfValue(event.currentTarget.value) })}
          >
            <option value="me">{t`My devices`}</option>
            <ScopeGroup label={t`Teams`} options={teamOptions} />
            <ScopeGroup label={t`Devices`} options={deviceOptions} />
          </FieldSelect>
        </Field>
      </form>
    </Card>
  );
}
