import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { titleHead } from '../app/page-title';
import { PlaceholderView } from '../features/placeholder/placeholder.view';

const title = msg`Create an account`;

export const Route = createFileRoute('/create')({
  head: () => titleHead(i18n._(title)),
  component: CreatePage,
});

function CreatePage() {
  return <PlaceholderView title={i18n._(title)} />;
}
