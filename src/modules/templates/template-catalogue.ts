import { contactTemplateFields, type TemplateFieldDeclaration, type TemplateFields } from '../../lib/contact';

export interface Template extends TemplateFields {
  id: string;
  name: string;
  useCase: string;
}

/** A template as declared here: its fields beside the contact's required fields, which every template requires. */
interface TemplateDeclaration extends TemplateFieldDeclaration {
  id: string;
  name: string;
  useCase: string;
}

/**
 * The curated, fixed catalogue, in listing order. Ids are kebab-case and never reused. Each
 * template declares its own fields, in the order its answers list them: a new template is one
 * entry here, and a field names no template.
 */
const DECLARED: readonly TemplateDeclaration[] = [
  {
    id: 'business-card',
    name: 'Business card',
    useCase: 'The back of a printed business card: name, company, role and the usual ways to reach you.',
    requires: ['organization', 'phone', 'email'],
    offers: ['title', 'website', 'address'],
  },
  {
    id: 'minimal',
    name: 'Minimal contact',
    useCase: 'The smallest scannable card: a name and one phone number, for tiny prints and stickers.',
    requires: ['phone'],
    offers: [],
  },
  {
    id: 'sales-contact',
    name: 'Sales contact',
    useCase: 'A sales representative at a trade fair booth or on a brochure.',
    requires: ['organization', 'email'],
    offers: ['title', 'phone', 'website', 'note'],
  },
  {
    id: 'event-badge',
    name: 'Event badge',
    useCase: 'An attendee badge that other attendees scan to keep in touch.',
    requires: ['email'],
    offers: ['organization', 'title', 'website'],
  },
  {
    id: 'conference-speaker',
    name: 'Conference speaker',
    useCase: 'A slide or name card for a speaker, linking to their talk or profile.',
    requires: ['website'],
    offers: ['organization', 'title', 'email', 'note'],
  },
  {
    id: 'real-estate-agent',
    name: 'Real-estate agent',
    useCase: 'A yard sign or listing flyer: the agent, the agency and the office address.',
    requires: ['organization', 'phone'],
    offers: ['title', 'email', 'website', 'address'],
  },
  {
    id: 'freelancer',
    name: 'Freelancer',
    useCase: 'An independent professional with a portfolio site and a short pitch.',
    requires: ['email', 'website'],
    offers: ['title', 'phone', 'note'],
  },
  {
    id: 'support-desk',
    name: 'Support desk',
    useCase: 'A shared support contact on a product label or manual, with opening hours in the note.',
    requires: ['phone', 'email'],
    offers: ['organization', 'website', 'address', 'note'],
  },
  {
    id: 'restaurant',
    name: 'Restaurant or shop',
    useCase: 'A table tent or shop window: the venue as a contact, with address and website.',
    requires: ['phone', 'address'],
    offers: ['organization', 'website', 'email', 'note'],
  },
];

/** The catalogue as its answers show it: id, name, useCase, then the contact's and the template's fields. */
export const TEMPLATE_CATALOGUE: readonly Template[] = Object.freeze(
  DECLARED.map(({ requires, offers, ...template }) => ({
    ...template,
    ...contactTemplateFields({ requires, offers }),
  })),
);

const BY_ID = new Map(TEMPLATE_CATALOGUE.map((t, index) => [t.id, { template: t, index }]));

export function findTemplate(id: string): { template: Template; index: number } | undefined {
  return BY_ID.get(id);
}
