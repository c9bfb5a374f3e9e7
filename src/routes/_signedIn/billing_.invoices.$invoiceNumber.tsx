import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { titleHead } from '../../app/page-title';
import { refreshStaleUser } from '../../app/route-checks';
import { InvoiceScreen, invoiceNumberOf } from '../../features/billing/invoice.screen';

const title = msg`Invoice`;

/**
 * A printable invoice. Not nested in /billing (the `_` suffix), so it prints alone. Whose invoice
 * it is, the server decides: anyone else's is a 404, shown as "invoice not found".
 */
export const Route = createFileRoute('/_signedIn/billing_/invoices/$invoiceNumber')({
  beforeLoad: ({ context }) => refreshStaleUser(context, context.user),
  head: () => titleHead(i18n._(title)),
  component: InvoicePage,
});

function InvoicePage() {
  const { invoiceNumber } = Route.useParams();
  return <InvoiceScreen invoiceNumber={invoiceNumberOf(invoiceNumber)} />;
}
