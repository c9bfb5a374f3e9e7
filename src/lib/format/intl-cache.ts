/**
 * Intl formatters are costly to build and every render asks for them again: one per language and
 * options, made the first time it is asked for.
 */
export function cachedFormat<Options, Format>(
  make: (locale: string, options: Options) => Format,
): (locale: string, options: Options) => Format {
  const made = new Map<string, Format>();
  return (locale, options) => {
    const key = `${locale}|${JSON.stringify(options)}`;
    let format = made.get(key);
    if (!format) {
      format = make(locale, options);
      made.set(key, format);
    }
    return format;
  };
}

export const numberFormat = cachedFormat(
  (locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);
