import { useMemo, useRef, useState } from 'preact/hooks';
import { HostError, type HostApi } from '../api.js';
import { CATEGORIES, sourceLabel, type DefinitionEntry, type ToolDefinitionJson } from './definition-entry.js';
import { placeErrors, violationsOf, type PlacedErrors } from './host-errors.js';
import { PropertyList } from './parameter-editor.js';
import { duplicateNames, parametersSchema, parseParametersText, rootFromParameters, type ParamNode } from './schema-model.js';
import { TryIt } from './try-it.js';

const NAME_PATTERN = /^[a-z][a-z0-9_]*$/;
const NO_ERRORS: PlacedErrors = { fields: {}, nodes: {}, unplaced: [] };

interface Props {
  readonly api: HostApi;
  /** The definition opened; none for a new one. */
  readonly entry: DefinitionEntry | undefined;
  readonly onSaved: (entry: DefinitionEntry, created: boolean) => void;
  readonly onClose: () => void;
}

/** A definition opened: editable (a stored one, or a new one) or read-only (built-in, configured). */
export function DefinitionEditor(props: Props) {
  return props.entry?.locked === true ? <ReadOnlyDefinition {...props} entry={props.entry} /> : <EditableDefinition {...props} />;
}

/** A definition the page may not change: its fields and schema shown, and Try it. */
function ReadOnlyDefinition(props: Props & { entry: DefinitionEntry }) {
  const { entry } = props;
  const definition = entry.definition;
  return (
    <div class="editor read-only">
      <h2 id="editor-heading">
        {entry.name} {entry.version}
      </h2>
      <p class="hint" id="locked-note">
        {sourceLabel(entry)} tool: read-only here. {entry.is_built_in ? 'It ships with the host.' : 'It comes from the configuration or a tool folder; change it there.'}
      </p>
      <div class="editor-columns">
        <div>
          <dl class="facts">
            <dt>Description</dt>
            <dd>{definition.description ?? ''}</dd>
            <dt>Category</dt>
            <dd>{definition.category ?? 'general'}</dd>
            <dt>Version</dt>
            <dd>{definition.version}</dd>
          </dl>
          <h3 id="schema-heading">JSON Schema of the arguments</h3>
          <pre id="schema-readonly" class="schema" tabIndex={0} aria-labelledby="schema-heading">
            {JSON.stringify(definition.parameters ?? {}, null, 2)}
          </pre>
        </div>
        <TryIt api={props.api} name={entry.name} version={entry.version} />
      </div>
      <div class="buttons">
        <button type="button" id="close-editor" onClick={props.onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

function EditableDefinition(props: Props) {
  const { entry, api } = props;
  const original = entry?.definition;
  const [name, setName] = useState(original?.name ?? '');
  const [description, setDescription] = useState(original?.description ?? '');
  const [category, setCategory] = useState(original?.category ?? 'general');
  const [version, setVersion] = useState(original?.version ?? '1.0.0');
  const [confirm, setConfirm] = useState(original?.requiresConfirmation === true);
  const [root, setRoot] = useState<ParamNode>(() => rootFromParameters(original?.parameters));
  const constraints = (original?.['constraints'] ?? {}) as Record<string, unknown>;
  const [outputSchema, setOutputSchema] = useState(original?.['outputSchema'] === undefined ? '' : JSON.stringify(original['outputSchema'], null, 2));
  const [timeout, setTimeoutText] = useState(constraints['maxExecutionTimeMs'] === undefined ? '' : String(constraints['maxExecutionTimeMs']));
  const [maxOutput, setMaxOutput] = useState(constraints['maxOutputSizeBytes'] === undefined ? '' : String(constraints['maxOutputSizeBytes']));
  const [isolation, setIsolation] = useState(typeof constraints['requiredIsolation'] === 'string' ? constraints['requiredIsolation'] : '');
  /** The schema pane's text while the user edits it; otherwise it shows the form's schema. */
  const [draft, setDraft] = useState<string | undefined>();
  const [draftError, setDraftError] = useState<string | undefined>();
  const [errors, setErrors] = useState<PlacedErrors>(NO_ERRORS);
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const schema = useMemo(() => parametersSchema(root), [root]);
  const schemaText = useMemo(() => JSON.stringify(schema, null, 2), [schema]);

  const nameProblem = name !== '' && !NAME_PATTERN.test(name) ? 'Not a valid tool name: use lowercase snake_case starting with a letter (a-z, 0-9, _).' : undefined;

  /** Text typed, pasted or imported into the schema pane: the form follows when it is a valid object schema. */
  const editSchema = (text: string) => {
    setDraft(text);
    const parsed = parseParametersText(text);
    if (parsed.ok) {
      setRoot(parsed.root);
      setDraftError(undefined);
    } else {
      setDraftError(parsed.message);
    }
  };
  const changeRoot = (properties: ParamNode[]) => {
    setRoot({ ...root, properties });
    setDraft(undefined);
    setDraftError(undefined);
  };

  const importFile = async (file: File | undefined) => {
    if (file === undefined) return;
    editSchema(await file.text());
    setDraft(undefined);
    setStatus(`Imported ${file.name}.`);
  };
  const exportSchema = () => {
    const blob = new Blob([`${schemaText}\n`], { type: 'application/schema+json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `${name || 'tool'}.schema.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  };

  const outputProblem = outputSchemaProblem(outputSchema);

  const definition = (): ToolDefinitionJson => {
    const next: Record<string, unknown> = { ...original, name: name.trim(), description, category, version: version.trim(), parameters: schema };
    // Unreadable text is sent as typed: the host's refusal then appears beside the field.
    if (outputSchema.trim() === '') delete next['outputSchema'];
    else next['outputSchema'] = outputProblem === undefined ? JSON.parse(outputSchema) : outputSchema;
    const limits: Record<string, unknown> = { ...constraints };
    const set = (key: string, value: unknown) => (value === undefined || value === '' ? delete limits[key] : (limits[key] = value));
    set('maxExecutionTimeMs', numberOrText(timeout));
    set('maxOutputSizeBytes', numberOrText(maxOutput));
    set('requiredIsolation', isolation);
    if (Object.keys(limits).length > 0) next['constraints'] = limits;
    else delete next['constraints'];
    if (confirm) next['requiresConfirmation'] = true;
    else if (original?.requiresConfirmation !== undefined) next['requiresConfirmation'] = false;
    else delete next['requiresConfirmation'];
    return next as ToolDefinitionJson;
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (saving) return;
    if (draftError !== undefined) {
      setStatus('The JSON Schema has an error: fix it or undo the edit before saving.');
      document.getElementById('schema-text')?.focus();
      return;
    }
    // Two properties of one object named alike would silently become one: refused here, each said beside its name.
    const twins = duplicateNames(root);
    if (twins.size > 0) {
      setStatus('Two parameters of the same object have the same name: rename one before saving.');
      const first = [...document.querySelectorAll<HTMLInputElement>('.editor [data-key="name"]')].find((input) => twins.has(input.id.slice(0, -'-name'.length)));
      first?.focus();
      return;
    }
    setSaving(true);
    setErrors(NO_ERRORS);
    setStatus(entry === undefined ? 'Creating…' : 'Saving…');
    try {
      const answer =
        entry?.id != null
          ? await api.send<{ definition: DefinitionEntry }>('PUT', `/v1/definitions/${encodeURIComponent(entry.id)}`, definition())
          : await api.send<{ definition: DefinitionEntry }>('POST', '/v1/definitions', definition());
      setStatus('');
      props.onSaved(answer.definition, entry === undefined);
    } catch (error) {
      const refusal = error instanceof HostError ? error : new HostError(0, 'HTTP 0', `The host cannot be reached: ${String(error)}`);
      const placed = placeErrors(violationsOf(refusal.body, refusal), root);
      setErrors(placed);
      const count = Object.values(placed.fields).flat().length + Object.values(placed.nodes).reduce((sum, item) => sum + item.texts.length, 0) + placed.unplaced.length;
      setStatus(`The host refused the definition: ${count} error${count === 1 ? '' : 's'}${placed.unplaced.length < count ? ', shown beside their fields' : ''}.`);
      requestAnimationFrame(() => {
        const first = document.querySelector<HTMLElement>('.editor [aria-invalid="true"]');
        if (placed.unplaced.length === 0 && first !== null) first.focus();
        else summary.current?.focus();
      });
    } finally {
      setSaving(false);
    }
  };

  const fieldError = (key: string) => errors.fields[key]?.join(' ');
  const topField = (key: string, label: string, input: (attrs: Record<string, string | undefined>) => preact.JSX.Element, hint?: string) => {
    const message = key === 'name' ? (fieldError('name') ?? nameProblem) : key === 'outputSchema' ? (fieldError(key) ?? outputProblem) : fieldError(key);
    return (
      <div class="field">
        <label for={`def-${key}`}>{label}</label>
        {input({
          id: `def-${key}`,
          'aria-invalid': message === undefined ? undefined : 'true',
          'aria-describedby': [hint, message === undefined ? undefined : `def-${key}-message`].filter(Boolean).join(' ') || undefined,
        })}
        <p class="message" id={`def-${key}-message`}>
          {message}
        </p>
      </div>
    );
  };

  return (
    <form class="editor" onSubmit={(event) => void submit(event)} noValidate>
      <h2 id="editor-heading">{entry === undefined ? 'New tool' : `Edit ${entry.name} ${entry.version}`}</h2>
      <div ref={summary} id="form-errors" class="form-errors" tabIndex={-1} hidden={errors.unplaced.length === 0}>
        <p>The host refused the definition:</p>
        <ul id="form-errors-list">
          {errors.unplaced.map((text, index) => (
            <li key={index}>{text}</li>
          ))}
        </ul>
      </div>
      <div class="editor-columns">
        <div class="editor-form">
          <div class="row">
            {topField('name', 'Name', (attrs) => (
              <input {...attrs} type="text" autocomplete="off" spellcheck={false} value={name} onInput={(event) => setName(event.currentTarget.value)} />
            ))}
            {topField('version', 'Version', (attrs) => (
              <input {...attrs} type="text" autocomplete="off" value={version} onInput={(event) => setVersion(event.currentTarget.value)} />
            ))}
            {topField('category', 'Category', (attrs) => (
              <select {...attrs} value={category} onChange={(event) => setCategory(event.currentTarget.value)}>
                {CATEGORIES.map((item) => (
                  <option key={item} value={item}>
                    {item}
                  </option>
                ))}
              </select>
            ))}
          </div>
          {topField('description', 'Description', (attrs) => (
            <textarea {...attrs} rows={2} value={description} onInput={(event) => setDescription(event.currentTarget.value)} />
          ))}
          <div class="field checkbox">
            <input id="def-requiresConfirmation" type="checkbox" checked={confirm} onChange={(event) => setConfirm(event.currentTarget.checked)} />
            <label for="def-requiresConfirmation">Ask for confirmation before it runs</label>
          </div>
          <details class="more-settings" open={['outputSchema', 'maxExecutionTimeMs', 'maxOutputSizeBytes', 'requiredIsolation'].some((key) => errors.fields[key] !== undefined) || undefined}>
            <summary>More settings: output schema, limits, isolation</summary>
            <p class="hint" id="constraints-hint">
              Leave a field empty for the default: 60000 ms, 10485760 bytes, standard isolation.
            </p>
            <div class="row">
              {topField(
                'maxExecutionTimeMs',
                'Timeout (milliseconds)',
                (attrs) => <input {...attrs} type="text" inputMode="numeric" placeholder="60000" value={timeout} onInput={(event) => setTimeoutText(event.currentTarget.value)} />,
                'constraints-hint',
              )}
              {topField(
                'maxOutputSizeBytes',
                'Max output (bytes)',
                (attrs) => <input {...attrs} type="text" inputMode="numeric" placeholder="10485760" value={maxOutput} onInput={(event) => setMaxOutput(event.currentTarget.value)} />,
                'constraints-hint',
              )}
              {topField(
                'requiredIsolation',
                'Isolation level',
                (attrs) => (
                  <select {...attrs} value={isolation} onChange={(event) => setIsolation(event.currentTarget.value)}>
                    <option value="">Default (standard)</option>
                    {['none', 'standard', 'strict', 'restricted'].map((level) => (
                      <option key={level} value={level}>
                        {level}
                      </option>
                    ))}
                  </select>
                ),
                'constraints-hint',
              )}
            </div>
            {topField(
              'outputSchema',
              'Output schema (JSON, optional)',
              (attrs) => <textarea {...attrs} class="code" rows={5} spellcheck={false} value={outputSchema} onInput={(event) => setOutputSchema(event.currentTarget.value)} />,
              'output-schema-hint',
            )}
            <p class="hint" id="output-schema-hint">
              A JSON Schema object describing what the tool returns, such as {'{"type": "object"}'}. Leave empty for none.
            </p>
          </details>
          <fieldset class="parameters-fieldset" id="parameters-fieldset">
            <legend>Parameters</legend>
            <p class="hint" id="enum-hint">
              Allowed values: separated by commas, or a JSON array such as ["a, b", null] when a value holds a comma or is not text. Move up and Move down set the order models see.
            </p>
            <PropertyList nodes={root.properties ?? []} path="" errors={errors.nodes} onChange={changeRoot} />
          </fieldset>
        </div>
        <div class="editor-side">
          <div class="field schema-field">
            <label for="schema-text">JSON Schema of the arguments</label>
            <p class="hint" id="schema-hint">
              Edit here or in the form: each follows the other. Paste or import a schema to fill the form.
            </p>
            <textarea
              id="schema-text"
              class="code"
              rows={18}
              spellcheck={false}
              value={draft ?? schemaText}
              aria-invalid={draftError === undefined ? undefined : 'true'}
              aria-describedby={draftError === undefined ? 'schema-hint' : 'schema-hint schema-error'}
              onInput={(event) => editSchema(event.currentTarget.value)}
              onBlur={() => draftError === undefined && setDraft(undefined)}
            />
            <p class="message" id="schema-error" role="alert">
              {draftError}
            </p>
          </div>
          <div class="buttons">
            <button type="button" id="import-schema" onClick={() => fileInput.current?.click()}>
              Import schema file
            </button>
            <input
              ref={fileInput}
              type="file"
              accept=".json,application/json,application/schema+json"
              class="visually-hidden"
              tabIndex={-1}
              aria-label="Schema file to import"
              onChange={(event) => void importFile(event.currentTarget.files?.[0])}
            />
            <button type="button" id="export-schema" onClick={exportSchema}>
              Export schema
            </button>
          </div>
          <TryIt
            api={api}
            name={entry?.name ?? name}
            version={entry?.version ?? version}
            {...(entry === undefined ? { disabledReason: 'Save the tool first: the host checks arguments against the saved tool.' } : {})}
          />
        </div>
      </div>
      <p class="form-status" id="form-status" role="status">
        {status}
      </p>
      <div class="buttons sticky-actions">
        <button type="submit" class="primary" id="submit-definition" disabled={saving}>
          {entry === undefined ? 'Create tool' : 'Save changes'}
        </button>
        <button type="button" id="cancel-definition" onClick={props.onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Why the output schema text is not a JSON object, or `undefined` when it is (or is empty). */
function outputSchemaProblem(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? undefined : 'Valid JSON, but an output schema must be a JSON object.';
  } catch (error) {
    return `Invalid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** A number typed, or the text as typed when it is not one (for the host to refuse beside the field). */
function numberOrText(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}
