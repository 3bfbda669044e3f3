import { join, relative } from 'node:path';
import ts from 'typescript';

/** Where the contact is declared: the file of its `ContactFields` type and the folder of its field declarations. */
export interface ContactDeclaration {
  contactFile: string;
  fieldsDir: string;
}

/** The initializer of a top-level const, through `satisfies`, `as` and parentheses. */
function declaredObject(statement: ts.Statement): ts.ObjectLiteralExpression[] {
  if (!ts.isVariableStatement(statement)) return [];
  return statement.declarationList.declarations.flatMap(({ initializer }) => {
    let value = initializer;
    while (
      value &&
      (ts.isSatisfiesExpression(value) || ts.isAsExpression(value) || ts.isParenthesizedExpression(value))
    )
      value = value.expression;
    return value && ts.isObjectLiteralExpression(value) ? [value] : [];
  });
}

/**
 * The declarations that are the contact's fields: the properties of `ContactFields`, and the keys
 * of the objects the field declaration files declare (NAME_FIELDS.fullName).
 */
function fieldDeclarations(program: ts.Program, where: ContactDeclaration, fields: ReadonlySet<string>): Set<ts.Node> {
  const declarations = new Set<ts.Node>();
  for (const source of program.getSourceFiles()) {
    if (source.fileName === where.contactFile) {
      for (const statement of source.statements)
        if (ts.isInterfaceDeclaration(statement) && statement.name.text === 'ContactFields')
          statement.members.forEach((member) => declarations.add(member));
    } else if (source.fileName.startsWith(where.fieldsDir)) {
      for (const object of source.statements.flatMap(declaredObject))
        for (const property of object.properties)
          if (property.name && ts.isIdentifier(property.name) && fields.has(property.name.text))
            declarations.add(property);
    }
  }
  return declarations;
}

/** A path into a field (`name.family`, `phones[0].number`): its field. */
const PATH = /^([A-Za-z]+)(?:\.[A-Za-z]|\[)/;

/**
 * The files, of `files`, whose code refers to each of `fields` as the contact's field, by the type
 * checker rather than by the word: an identifier or element access whose symbol is a field's
 * declaration (a property access, a destructured name, an object literal's key whose contextual
 * type has the field, the declaration itself); a string literal where only field names may stand
 * (its contextual type is a union of field names: `keyof ContactFields`); or a string that is a
 * path into a field. Comments, prose and other things of the same name (a tool's title, a
 * client's address) do not count.
 */
export function filesReferring(
  program: ts.Program,
  files: readonly string[],
  where: ContactDeclaration,
  fields: readonly string[],
): Map<string, string[]> {
  const names = new Set(fields);
  const declarations = fieldDeclarations(program, where, names);
  const everyField = new Set(
    [...declarations].flatMap((declaration) =>
      ts.isPropertySignature(declaration) && ts.isIdentifier(declaration.name) ? [declaration.name.text] : [],
    ),
  );
  const checker = program.getTypeChecker();
  const isField = (symbol: ts.Symbol | undefined): boolean =>
    symbol?.declarations?.some((declaration) => declarations.has(declaration)) ?? false;
  const hasField = (type: ts.Type | undefined, field: string): boolean =>
    type !== undefined && (type.isUnion() ? type.types : [type]).some((part) => isField(part.getProperty(field)));
  const fieldNames = (type: ts.Type | undefined): boolean =>
    type !== undefined &&
    (type.isUnion() ? type.types : [type]).every((part) => part.isStringLiteral() && everyField.has(part.value));

  const referred = (node: ts.Node): string | undefined => {
    if (ts.isIdentifier(node) && names.has(node.text)) {
      if (isField(checker.getSymbolAtLocation(node))) return node.text;
      const { parent } = node;
      if ((ts.isPropertyAssignment(parent) || ts.isShorthandPropertyAssignment(parent)) && parent.name === node)
        return hasField(checker.getContextualType(parent.parent), node.text) ? node.text : undefined;
      if (ts.isBindingElement(parent) && (parent.propertyName ?? parent.name) === node)
        return hasField(checker.getTypeAtLocation(parent.parent), node.text) ? node.text : undefined;
    } else if (ts.isStringLiteralLike(node)) {
      if (ts.isElementAccessExpression(node.parent))
        return isField(checker.getSymbolAtLocation(node)) ? node.text : undefined;
      if (names.has(node.text) && fieldNames(checker.getContextualType(node))) return node.text;
      const path = PATH.exec(node.text)?.[1];
      if (path !== undefined && names.has(path)) return path;
    }
    return undefined;
  };

  const found = new Map(fields.map((field) => [field, new Set<string>()]));
  for (const file of files) {
    const source = program.getSourceFile(file)!;
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
      const field = referred(node);
      if (field !== undefined) found.get(field)!.add(file);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return new Map(fields.map((field) => [field, files.filter((file) => found.get(field)!.has(file))]));
}

/** A program of a project's non-spec sources under `folder`, each file on its own (no node_modules types). */
export function sourceProgram(root: string, folder: string): { program: ts.Program; files: string[] } {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  )!;
  const under = join(root, folder);
  const files = config.fileNames.filter(
    (file) => !relative(under, file).startsWith('..') && file.endsWith('.ts') && !file.endsWith('.spec.ts'),
  );
  // Only the sources themselves: the contact's types are all in them, and reading every package's
  // declarations would triple the time.
  const program = ts.createProgram(files, { ...config.options, noEmit: true, noResolve: true, types: [] });
  return { program, files };
}
