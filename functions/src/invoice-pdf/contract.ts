import * as v from 'valibot';

/** `?lang=` of the PDF: one of the invoice languages; absent, the client's own (billedTo.language). */
export const invoicePdfQuerySchema = v.object({
  lang: v.optional(v.picklist(['en', 'fr', 'ar'], 'lang must be en, fr or ar')),
});
