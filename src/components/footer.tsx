import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { css } from '../../styled-system/css';
import { visuallyHidden, wrap } from '../../styled-system/patterns';
import { currentColorMode, setColorMode } from '../app/theme-sync';
import { config, flags } from '../lib/config';
import type { ColorMode } from '../lib/theme';

const linkStyle = css({ color: 'fg.muted', textDecoration: 'underline', _hover: { color: 'fg.default' } });

/** Light, dark or following the system: native radios, so arrows and screen readers work as expected. */
function ColorModeSwitch() {
  const { t } = useLingui();
  const [mode, setMode] = useState<ColorMode>(currentColorMode);
  const options: { value: ColorMode; label: string }[] = [
    { value: 'light', label: t`Light` },
    { value: 'dark', label: t`Dark` },
    { value: 'auto', label: t`Auto` },
  ];
  return (
    <fieldset
      className={css({
        display: 'flex',
        gap: '1',
        alignItems: 'center',
        borderWidth: '1px',
        borderColor: 'border',
        borderRadius: 'l2',
        padding: '0.5',
      })}
    >
      <legend className={visuallyHidden()}>
        <Trans>Colour mode</Trans>
      </legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={css({
            paddingInline: '2.5',
            paddingBlock: '1',
            borderRadius: 'l1',
            cursor: 'pointer',
            color: 'fg.muted',
            '&:has(input:checked)': { bg: 'accent.subtle', color: 'fg.default', fontWeight: 'semibold' },
            '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'focusRing' },
          })}
        >
          <input
            type="radio"
            name="color-mode"
            value={option.value}
            checked={mode === option.value}
            onChange={() => {
              setMode(option.value);
              setColorMode(option.value);
            }}
            className={visuallyHidden()}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

export function Footer() {
  const { t } = useLingui();
  return (
    <footer
      className={css({
        borderTopWidth: '1px',
        borderColor: 'border',
        marginTop: 'auto',
        paddingBlock: '6',
        paddingInline: '4',
        display: 'flex',
        flexWrap: 'wrap',
        gap: '4',
        alignItems: 'center',
        justifyContent: 'space-between',
        color: 'fg.muted',
      })}
    >
      <nav aria-label={t`Footer`}>
        <ul className={wrap({ gap: '4', listStyle: 'none' })}>
          {flags.enableReportsPage ? (
            <li>
              <Link to="/reports" className={linkStyle}>
                <Trans>Reports</Trans>
              </Link>
            </li>
          ) : null}
          <li>
            <a href={config.statusPageUrl} className={linkStyle} rel="noopener">
              <Trans>Status</Trans>
            </a>
          </li>
          <li>
            <a href={config.privacyPolicyUrl} className={linkStyle} rel="noopener">
              <Trans>Privacy policy</Trans>
            </a>
          </li>
          <li>
            <a href={config.termsOfServiceUrl} className={linkStyle} rel="noopener">
              <Trans>Terms of service</Trans>
            </a>
          </li>
        </ul>
      </nav>
      <div className={wrap({ gap: '3', align: 'center' })}>
        <span>
          <Trans>Follow us:</Trans>
        </span>
        {config.followUs.map((channel) => (
          <a key={channel.name} href={channel.url} className={linkStyle} rel="noopener">
            {channel.name}
          </a>
        ))}
        {/* Off by default (docs/spec.md §1): the colour mode then follows the system, or a choice stored before. */}
        {flags.enableThemeChooser ? <ColorModeSwitch /> : null}
      </div>
    </footer>
  );
}
