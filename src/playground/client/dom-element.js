// The page builds its generated controls with one helper: an element, its attributes (true: present
// and empty; false or undefined: absent) and its children.

/** `<tag attributes…>children…</tag>`. */
export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) node.setAttribute(name, '');
    else if (value !== false && value !== undefined) node.setAttribute(name, String(value));
  }
  node.append(...children);
  return node;
}
