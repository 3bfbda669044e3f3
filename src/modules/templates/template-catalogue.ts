import { contactTemplateFields, type TemplateFields } from '../../lib/contact';

export interface Template extends TemplateFields {
  id: string;
  name: string;
  useCase: string;
}

/**
 * The curated, fixed catalogue, in listing order. Ids are kebab-case and never reused. A template's
 * fields are declared by the fields themselves (`templates` in lib/contact/fields/).
 */
export const TEMPLATE_CATALOGUE: readonly Template[] = Object.freeze(
  [
    {
      id: 'business-card',
      name: 'Business card',
      useCase: 'The back of a printed business card: name, company, role and the usual ways to reach you.',
    },
    {
      id: 'minimal',
      name: 'Minimal contact',
      useCase: 'The smallest scannable card: a name and one phone number, for tiny prints and stickers.',
    },
    {
      id: 'sales-contact',
      name: 'Sales contact',
      useCase: 'A sales representative at a trade fair booth or on a brochure.',
    },
    {
      id: 'event-badge',
      name: 'Event badge',
      useCase: 'An attendee badge that other attendees scan to keep in touch.',
    },
    {
      id: 'conference-speaker',
      name: 'Conference speaker',
      useCase: 'A slide or name card for a speaker, linking to their talk or profile.',
    },
    {
      id: 'real-estate-agent',
      name: 'Real-estate agent',
      useCase: 'A yard sign or listing flyer: the agent, the agency and the office address.',
    },
    {
      id: 'freelancer',
      name: 'Freelancer',
      useCase: 'An independent professional with a portfolio site and a short pitch.',
    },
    {
      id: 'support-desk',
      name: 'Support desk',
      useCase: 'A shared support contact on a product label or manual, with opening hours in the note.',
    },
    {
      id: 'restaurant',
      name: 'Restaurant or shop',
      useCase: 'A table tent or shop window: the venue as a contact, with address and website.',
    },
  ].map((template) => ({ ...template, ...contactTemplateFields(template.id) })),
);

const BY_ID = new Map(TEMPLATE_CATALOGUE.map((t, index) => [t.id, { template: t, index }]));

export function findTemplate(id: string): { template: Template; index: number } | undefined {
  return BY_ID.get(id);
}
