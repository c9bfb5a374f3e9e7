import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { titleHead } from '../../app/page-title';

const title = msg`Create an account`;

export const Route = createFileRoute('/_signUp/create')({
  head: () => titleHead(i18n._(title)),
});
