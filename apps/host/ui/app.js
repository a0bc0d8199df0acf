// Tool Manager (issue 16 item 5; 001 §7): plain JavaScript, no framework, no network beyond this
// host. Lists every definition (`GET /v1/definitions`), follows `GET /v1/events` to stay current,
// and creates or edits a custom definition with the form of 001 §7.1. Server errors carry JSON
// Pointers into the definition; each is shown beside the field it names.
'use strict';

(() => {
  const NAME_PATTERN = /^[a-z][a-z0-9_]*$/;
  const MAX_NAME_LENGTH = 64;
  const PARAMETER_TYPES = ['string', 'integer', 'number', 'boolean', 'array', 'object'];
  const EVENT_TYPES = ['ToolDefinitionCreated', 'ToolDefinitionUpdated', 'ToolDefinitionDeleted', 'ToolDefinitionValidated'];
  /** Keys of a parameter's schema the form edits; every other keyword of an edited definition is kept. */
  const FORM_KEYWORDS = new Set(['type', 'description', 'default', 'enum']);

  const $ = (id) => document.getElementById(id);
  const listView = $('list-view');
  const formView = $('form-view');
  const form = $('definition-form');
  const tbody = $('definitions-body');
  const listStatus = $('list-status');
  const connection = $('connection');
  const announcer = $('announcer');
  const parameterList = $('parameter-list');

  /** The top-level fields: JSON Pointer prefix → input id. */
  const FIELD_BY_POINTER = [
    ['/name', 'def-name'],
    ['/description', 'def-description'],
    ['/category', 'def-category'],
    ['/version', 'def-version'],
    ['/outputSchema', 'def-output-schema'],
    ['/constraints/maxExecutionTimeMs', 'def-timeout'],
    ['/constraints/maxOutputSizeBytes', 'def-max-output'],
    ['/constraints/requiredIsolation', 'def-isolation'],
    ['/requiresConfirmation', 'def-requires-confirmation'],
  ];

  let definitions = [];
  /** The record being edited, or undefined for a new definition. */
  let editing;
  let rowCounter = 0;

  // ---- announcements -------------------------------------------------------------------------

  let announceTimer;
  function announce(text) {
    // Cleared first so the same sentence twice is announced twice.
    announcer.textContent = '';
    clearTimeout(announceTimer);
    announceTimer = setTimeout(() => (announcer.textContent = text), 50);
  }

  // ---- HTTP ----------------------------------------------------------------------------------

  async function api(method, path, body) {
    const init = { method, headers: { Accept: 'application/json' }, credentials: 'same-origin' };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const response = await fetch(path, init);
    const text = await response.text();
    let json;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, ok: response.ok, json };
  }

  // ---- the list ------------------------------------------------------------------------------

  let refreshing = false;
  let refreshAgain = false;
  async function refreshList() {
    if (refreshing) {
      refreshAgain = true;
      return;
    }
    refreshing = true;
    try {
      const answer = await api('GET', '/v1/definitions');
      if (!answer.ok || !answer.json || !Array.isArray(answer.json.definitions)) {
        listStatus.textContent = `The host did not list its definitions: ${errorText(answer)}`;
        return;
      }
      definitions = answer.json.definitions;
      renderList();
    } catch (error) {
      listStatus.textContent = `The host cannot be reached: ${error.message}`;
    } finally {
      refreshing = false;
      if (refreshAgain) {
        refreshAgain = false;
        void refreshList();
      }
    }
  }

  function renderList() {
    const stored = definitions.filter((entry) => !entry.locked).length;
    listStatus.textContent = `${definitions.length} definitions, ${stored} of them stored and editable.`;
    const rows = definitions.map((entry) => {
      const tr = document.createElement('tr');
      tr.dataset.name = entry.name;
      if (entry.id) tr.dataset.id = entry.id;
      const name = document.createElement('th');
      name.scope = 'row';
      name.textContent = entry.name;
      tr.append(name, cell(entry.version), cell((entry.definition && entry.definition.category) || 'general'));
      const source = document.createElement('td');
      const badge = document.createElement('span');
      const kind = entry.is_built_in ? 'built-in' : entry.source === 'stored' ? 'stored' : 'registry';
      badge.className = `badge ${kind}`;
      badge.textContent = entry.is_built_in ? 'Built-in' : entry.source === 'stored' ? 'Stored' : 'Configured';
      source.append(badge);
      tr.append(source);
      const actions = document.createElement('td');
      actions.className = 'actions-cell';
      if (entry.locked || !entry.id) {
        const locked = document.createElement('span');
        locked.className = 'locked';
        locked.textContent = 'Locked';
        actions.append(locked);
      } else {
        actions.append(
          button('Edit', `Edit ${entry.name} ${entry.version}`, () => openForm(entry)),
          button('Delete', `Delete ${entry.name} ${entry.version}`, () => deleteDefinition(entry), 'danger'),
        );
      }
      tr.append(actions);
      return tr;
    });
    tbody.replaceChildren(...rows);
  }

  function cell(text) {
    const td = document.createElement('td');
    td.textContent = text;
    return td;
  }

  function button(text, label, onClick, className) {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = text;
    if (label) element.setAttribute('aria-label', label);
    if (className) element.className = className;
    element.addEventListener('click', onClick);
    return element;
  }

  async function deleteDefinition(entry) {
    if (!window.confirm(`Delete ${entry.name} ${entry.version}? Models can no longer call it.`)) return;
    const answer = await api('DELETE', `/v1/definitions/${encodeURIComponent(entry.id)}`);
    if (answer.ok) {
      announce(`${entry.name} ${entry.version} deleted.`);
      listStatus.textContent = `${entry.name} ${entry.version} deleted.`;
      void refreshList();
      $('new-definition').focus();
    } else {
      listStatus.textContent = `${entry.name} was not deleted: ${errorText(answer)}`;
      announce(listStatus.textContent);
    }
  }

  function errorText(answer) {
    const error = answer.json && answer.json.error;
    return error ? `${error.message} (${error.code})` : `HTTP ${answer.status}`;
  }

  // ---- the event stream ----------------------------------------------------------------------

  function followEvents() {
    if (typeof EventSource !== 'function') {
      connection.textContent = 'This browser cannot follow live changes; reload to see them.';
      return;
    }
    const source = new EventSource('/v1/events');
    source.addEventListener('open', () => {
      connection.textContent = 'Live: changes appear as they happen.';
      connection.className = 'connection live';
      // Anything missed while disconnected.
      void refreshList();
    });
    source.addEventListener('error', () => {
      connection.textContent = 'Disconnected from the host; retrying…';
      connection.className = 'connection offline';
    });
    for (const type of EVENT_TYPES) {
      source.addEventListener(type, (message) => {
        if (type === 'ToolDefinitionValidated') return;
        let data = {};
        try {
          data = JSON.parse(message.data);
        } catch {
          // A malformed event still means the list changed.
        }
        void refreshList();
        if (data.toolName) {
          const verb = type === 'ToolDefinitionCreated' ? 'created' : type === 'ToolDefinitionUpdated' ? 'updated' : 'deleted';
          listStatus.dataset.lastEvent = `${data.toolName} ${verb}`;
        }
      });
    }
  }

  // ---- the form: views -----------------------------------------------------------------------

  function openForm(entry) {
    editing = entry;
    clearErrors();
    form.reset();
    parameterList.replaceChildren();
    $('form-status').textContent = '';
    const definition = entry ? entry.definition : undefined;
    $('form-heading').textContent = entry ? `Edit ${entry.name} ${entry.version}` : 'New definition';
    $('submit-definition').textContent = entry ? 'Save changes' : 'Create definition';
    $('def-version').value = '1.0.0';
    if (definition) fillForm(definition);
    updateNameCheck();
    updateOutputSchemaStatus();
    updateParametersEmpty();
    listView.hidden = true;
    formView.hidden = false;
    $('def-name').focus();
  }

  function closeForm() {
    editing = undefined;
    formView.hidden = true;
    listView.hidden = false;
    $('new-definition').focus();
  }

  function fillForm(definition) {
    $('def-name').value = definition.name || '';
    $('def-description').value = definition.description || '';
    $('def-category').value = definition.category || 'general';
    $('def-version').value = definition.version || '1.0.0';
    $('def-output-schema').value = definition.outputSchema ? JSON.stringify(definition.outputSchema, null, 2) : '';
    const constraints = definition.constraints || {};
    $('def-timeout').value = constraints.maxExecutionTimeMs !== undefined ? String(constraints.maxExecutionTimeMs) : '';
    $('def-max-output').value = constraints.maxOutputSizeBytes !== undefined ? String(constraints.maxOutputSizeBytes) : '';
    $('def-isolation').value = constraints.requiredIsolation || '';
    $('def-requires-confirmation').checked = definition.requiresConfirmation === true;
    const parameters = definition.parameters || {};
    const properties = parameters.properties || {};
    const required = new Set(Array.isArray(parameters.required) ? parameters.required : []);
    for (const [name, schema] of Object.entries(properties)) addParameter({ name, schema: schema || {}, required: required.has(name) }, false);
  }

  // ---- the form: parameters ------------------------------------------------------------------

  function addParameter(initial, focus = true) {
    const uid = `p${++rowCounter}`;
    const schema = (initial && initial.schema) || {};
    const li = document.createElement('li');
    li.className = 'parameter-row';
    li.dataset.uid = uid;
    // Keywords the form does not edit (minLength, items, ...), kept as they were.
    li._extra = Object.fromEntries(Object.entries(schema).filter(([key]) => !FORM_KEYWORDS.has(key)));
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;

    const fieldset = document.createElement('fieldset');
    const legend = document.createElement('legend');
    legend.id = `${uid}-legend`;
    fieldset.append(legend);
    fieldset.setAttribute('aria-describedby', `${uid}-message`);

    const row = document.createElement('div');
    row.className = 'row';
    row.append(
      textField(uid, 'name', 'Name', (initial && initial.name) || ''),
      selectField(uid, 'type', 'Type', PARAMETER_TYPES, PARAMETER_TYPES.includes(type) ? type : 'string'),
      textField(uid, 'default', 'Default', schema.default === undefined ? '' : typeof schema.default === 'string' ? schema.default : JSON.stringify(schema.default)),
      textField(uid, 'enum', 'Enum values', Array.isArray(schema.enum) ? schema.enum.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ') : ''),
    );
    const enumInput = row.querySelector('[data-key="enum"]');
    enumInput.placeholder = 'a, b, c';
    enumInput.setAttribute('aria-describedby', 'parameters-hint');
    const description = textField(uid, 'description', 'Description', schema.description || '');
    const requiredField = document.createElement('div');
    requiredField.className = 'field checkbox';
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    checkbox.id = `${uid}-required`;
    checkbox.checked = Boolean(initial && initial.required);
    const checkboxLabel = document.createElement('label');
    checkboxLabel.htmlFor = checkbox.id;
    checkboxLabel.textContent = 'Required';
    requiredField.append(checkbox, checkboxLabel);

    const buttons = document.createElement('div');
    buttons.className = 'buttons';
    buttons.append(
      button('Move up', '', () => moveParameter(li, -1)),
      button('Move down', '', () => moveParameter(li, 1)),
      button('Remove', '', () => removeParameter(li), 'danger'),
    );
    buttons.querySelectorAll('button').forEach((b, index) => (b.dataset.action = ['up', 'down', 'remove'][index]));

    const message = document.createElement('p');
    message.id = `${uid}-message`;
    message.className = 'message';

    fieldset.append(row, description, requiredField, buttons, message);
    li.append(fieldset);
    parameterList.append(li);
    li.querySelector(`#${uid}-name`).addEventListener('input', () => renumberParameters());
    renumberParameters();
    updateParametersEmpty();
    if (focus) {
      li.querySelector(`#${uid}-name`).focus();
      announce(`Parameter ${parameterRows().length} added. ${parameterRows().length} parameters in the list.`);
    }
    return li;
  }

  function textField(uid, key, labelText, value) {
    const wrapper = document.createElement('div');
    wrapper.className = 'field';
    const input = document.createElement('input');
    input.type = 'text';
    input.id = `${uid}-${key}`;
    input.dataset.key = key;
    input.value = value;
    input.autocomplete = 'off';
    input.spellcheck = false;
    const label = document.createElement('label');
    label.htmlFor = input.id;
    label.textContent = labelText;
    wrapper.append(label, input);
    return wrapper;
  }

  function selectField(uid, key, labelText, options, value) {
    const wrapper = document.createElement('div');
    wrapper.className = 'field';
    const select = document.createElement('select');
    select.id = `${uid}-${key}`;
    select.dataset.key = key;
    for (const option of options) select.append(new Option(option, option, option === value, option === value));
    const label = document.createElement('label');
    label.htmlFor = select.id;
    label.textContent = labelText;
    wrapper.append(label, select);
    return wrapper;
  }

  function parameterRows() {
    return [...parameterList.children];
  }

  function rowName(li) {
    return li.querySelector('[data-key="name"]').value.trim();
  }

  /** Legends and button names follow the position and name, so a screen reader hears which row a button acts on. */
  function renumberParameters() {
    const rows = parameterRows();
    rows.forEach((li, index) => {
      const name = rowName(li);
      const title = `Parameter ${index + 1}${name ? `: ${name}` : ''}`;
      li.querySelector('legend').textContent = title;
      const [up, down, remove] = li.querySelectorAll('.buttons button');
      up.setAttribute('aria-label', `Move up ${title}`);
      down.setAttribute('aria-label', `Move down ${title}`);
      remove.setAttribute('aria-label', `Remove ${title}`);
      up.disabled = index === 0;
      down.disabled = index === rows.length - 1;
    });
  }

  function moveParameter(li, delta) {
    const rows = parameterRows();
    const index = rows.indexOf(li);
    const target = index + delta;
    if (target < 0 || target >= rows.length) return;
    if (delta < 0) parameterList.insertBefore(li, rows[target]);
    else parameterList.insertBefore(rows[target], li);
    renumberParameters();
    const name = rowName(li) || 'unnamed';
    // Keep focus on the same action; at an end, on the other direction.
    const action = delta < 0 ? 'up' : 'down';
    let focusTarget = li.querySelector(`[data-action="${action}"]`);
    if (focusTarget.disabled) focusTarget = li.querySelector(`[data-action="${action === 'up' ? 'down' : 'up'}"]`);
    if (focusTarget && !focusTarget.disabled) focusTarget.focus();
    announce(`Parameter ${name} moved to position ${target + 1} of ${rows.length}.`);
  }

  function removeParameter(li) {
    const rows = parameterRows();
    const index = rows.indexOf(li);
    const name = rowName(li) || 'unnamed';
    li.remove();
    renumberParameters();
    updateParametersEmpty();
    const left = parameterRows();
    const next = left[Math.min(index, left.length - 1)];
    if (next) next.querySelector('[data-key="name"]').focus();
    else $('add-parameter').focus();
    announce(`Parameter ${name} removed. ${left.length} parameter${left.length === 1 ? '' : 's'} left.`);
  }

  function updateParametersEmpty() {
    $('parameters-empty').hidden = parameterRows().length > 0;
  }

  // ---- the form: live checks -----------------------------------------------------------------

  /** The client's check informs; it never blocks: the host is the judge (its refusal appears beside the field). */
  function updateNameCheck() {
    const input = $('def-name');
    const value = input.value;
    const message = $('def-name-message');
    if (value === '') {
      message.textContent = '';
      input.removeAttribute('aria-invalid');
      return;
    }
    const problems = [];
    if (!NAME_PATTERN.test(value)) problems.push('use lowercase snake_case starting with a letter (a-z, 0-9, _)');
    if (value.length > MAX_NAME_LENGTH) problems.push(`at most ${MAX_NAME_LENGTH} characters (now ${value.length})`);
    if (problems.length === 0) {
      message.textContent = '';
      input.removeAttribute('aria-invalid');
    } else {
      message.textContent = `Not a valid tool name: ${problems.join('; ')}.`;
      input.setAttribute('aria-invalid', 'true');
    }
  }

  /** Parses the output schema: `{ ok, value }`, with `value` undefined when empty. */
  function parseOutputSchema() {
    const text = $('def-output-schema').value.trim();
    if (text === '') return { ok: true, value: undefined };
    try {
      return { ok: true, value: JSON.parse(text) };
    } catch (error) {
      return { ok: false, error: error.message };
    }
  }

  function updateOutputSchemaStatus() {
    const textarea = $('def-output-schema');
    const status = $('def-output-schema-status');
    const parsed = parseOutputSchema();
    if (!parsed.ok) {
      status.textContent = `Invalid JSON: ${parsed.error}`;
      status.className = 'message';
      textarea.setAttribute('aria-invalid', 'true');
    } else if (parsed.value === undefined) {
      status.textContent = 'Empty: no output schema.';
      status.className = 'hint';
      textarea.removeAttribute('aria-invalid');
    } else if (parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
      status.textContent = 'Valid JSON, but an output schema must be a JSON object.';
      status.className = 'message';
      textarea.setAttribute('aria-invalid', 'true');
    } else {
      status.textContent = 'Valid JSON.';
      status.className = 'hint';
      textarea.removeAttribute('aria-invalid');
    }
  }

  // ---- the form: building the definition -----------------------------------------------------

  /** A parameter's default or enum value as its type reads it; unreadable text is sent as typed, for the host to refuse beside the field. */
  function typedValue(text, type) {
    const trimmed = text.trim();
    switch (type) {
      case 'integer':
      case 'number':
        return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : text;
      case 'boolean':
        return trimmed === 'true' ? true : trimmed === 'false' ? false : text;
      case 'array':
      case 'object':
        try {
          return JSON.parse(trimmed);
        } catch {
          return text;
        }
      default:
        return text;
    }
  }

  function buildParameters() {
    const properties = {};
    const required = [];
    for (const li of parameterRows()) {
      const value = (key) => li.querySelector(`[data-key="${key}"]`).value;
      const name = value('name').trim();
      const type = value('type');
      const schema = { ...li._extra, type };
      const description = value('description').trim();
      if (description !== '') schema.description = description;
      if (value('default').trim() !== '') schema.default = typedValue(value('default'), type);
      const enumText = value('enum').trim();
      if (enumText !== '') schema.enum = enumText.split(',').map((part) => typedValue(part.trim(), type));
      properties[name] = schema;
      if (li.querySelector('input[type="checkbox"]').checked) required.push(name);
    }
    const base = editing && editing.definition && editing.definition.parameters ? editing.definition.parameters : {};
    const parameters = { ...base, type: 'object', properties };
    if (required.length > 0) parameters.required = required;
    else delete parameters.required;
    if (!editing) parameters.additionalProperties = false;
    return parameters;
  }

  function numberOrText(id) {
    const text = $(id).value.trim();
    if (text === '') return undefined;
    const number = Number(text);
    return Number.isFinite(number) ? number : text;
  }

  /** The definition the form describes; fields of an edited definition the form does not show are kept. */
  function buildDefinition() {
    const definition = editing ? { ...editing.definition } : {};
    definition.name = $('def-name').value.trim();
    definition.description = $('def-description').value;
    definition.category = $('def-category').value;
    definition.version = $('def-version').value.trim();
    definition.parameters = buildParameters();
    const output = parseOutputSchema();
    if (output.ok && output.value !== undefined) definition.outputSchema = output.value;
    else if (output.ok) delete definition.outputSchema;
    else definition.outputSchema = $('def-output-schema').value; // the host explains
    const constraints = { ...(editing && editing.definition.constraints) };
    const set = (key, value) => (value === undefined ? delete constraints[key] : (constraints[key] = value));
    set('maxExecutionTimeMs', numberOrText('def-timeout'));
    set('maxOutputSizeBytes', numberOrText('def-max-output'));
    set('requiredIsolation', $('def-isolation').value || undefined);
    if (Object.keys(constraints).length > 0) definition.constraints = constraints;
    else delete definition.constraints;
    if ($('def-requires-confirmation').checked) definition.requiresConfirmation = true;
    else if (editing && editing.definition.requiresConfirmation !== undefined) definition.requiresConfirmation = false;
    else delete definition.requiresConfirmation;
    return definition;
  }

  // ---- the form: server errors ---------------------------------------------------------------

  const invalidMarks = [];

  function clearErrors() {
    for (const { element, describedBy, message } of invalidMarks.splice(0)) {
      element.removeAttribute('aria-invalid');
      if (describedBy === null) element.removeAttribute('aria-describedby');
      else element.setAttribute('aria-describedby', describedBy);
      if (message) message.textContent = '';
    }
    form.querySelectorAll('.message').forEach((message) => {
      if (message.id !== 'def-output-schema-status') message.textContent = '';
    });
    $('form-errors').hidden = true;
    $('form-errors-list').replaceChildren();
    updateNameCheck();
    updateOutputSchemaStatus();
  }

  /** Marks `element` invalid with `text` in `message`, which its `aria-describedby` then names. */
  function markInvalid(element, message, text) {
    const describedBy = element.getAttribute('aria-describedby');
    invalidMarks.push({ element, describedBy, message });
    element.setAttribute('aria-invalid', 'true');
    const ids = new Set((describedBy || '').split(/\s+/).filter(Boolean));
    ids.add(message.id);
    element.setAttribute('aria-describedby', [...ids].join(' '));
    message.textContent = message.textContent ? `${message.textContent} ${text}` : text;
  }

  function unescapePointer(token) {
    return token.replace(/~1/g, '/').replace(/~0/g, '~');
  }

  /** Finds where an error's path belongs: `{ element, message }`, or undefined for the form-level list. */
  function placeOf(path) {
    if (typeof path !== 'string' || path === '') return undefined;
    const parameter = /^\/parameters\/properties\/([^/]*)(?:\/([^/]*))?/.exec(path);
    if (parameter) {
      const name = unescapePointer(parameter[1]);
      const row = parameterRows().find((li) => rowName(li) === name);
      if (!row) return undefined;
      const field = parameter[2];
      const key = field === 'type' || field === 'description' || field === 'default' || field === 'enum' ? field : 'name';
      return { element: row.querySelector(`[data-key="${key}"]`), message: row.querySelector('.message') };
    }
    if (path === '/parameters' || path.startsWith('/parameters/')) {
      return { element: $('parameters-fieldset'), message: $('parameters-message') };
    }
    for (const [prefix, id] of FIELD_BY_POINTER) {
      if (path === prefix || path.startsWith(`${prefix}/`)) return { element: $(id), message: $(`${id}-message`) };
    }
    if (path === '/constraints') return { element: $('def-timeout'), message: $('def-timeout-message') };
    return undefined;
  }

  function showErrors(answer) {
    const error = (answer.json && answer.json.error) || { message: `HTTP ${answer.status}` };
    const errors = Array.isArray(error.errors) && error.errors.length > 0 ? error.errors : [{ code: error.code, path: '', message: error.message }];
    const unplaced = [];
    let first;
    for (const item of errors) {
      const place = placeOf(item.path);
      const text = item.code ? `${item.message} (${item.code})` : item.message;
      if (place && place.element && place.message) {
        markInvalid(place.element, place.message, text);
        first ??= place.element;
      } else {
        unplaced.push(item.path ? `${item.path}: ${text}` : text);
      }
    }
    const summary = $('form-errors');
    const list = $('form-errors-list');
    list.replaceChildren(
      ...unplaced.map((text) => {
        const li = document.createElement('li');
        li.textContent = text;
        return li;
      }),
    );
    summary.hidden = unplaced.length === 0;
    const count = errors.length;
    $('form-status').textContent = `The host refused the definition: ${count} error${count === 1 ? '' : 's'}${unplaced.length < count ? ', shown beside their fields' : ''}.`;
    if (first && unplaced.length === 0) first.focus();
    else summary.focus();
  }

  // ---- submit --------------------------------------------------------------------------------

  let submitting = false;
  async function submit(event) {
    event.preventDefault();
    if (submitting) return;
    submitting = true;
    const submitButton = $('submit-definition');
    submitButton.disabled = true;
    clearErrors();
    $('form-status').textContent = editing ? 'Saving…' : 'Creating…';
    try {
      const definition = buildDefinition();
      const answer = editing
        ? await api('PUT', `/v1/definitions/${encodeURIComponent(editing.id)}`, definition)
        : await api('POST', '/v1/definitions', definition);
      if (answer.ok) {
        const saved = answer.json.definition;
        const text = `${saved.name} ${saved.version} ${editing ? 'saved' : 'created'}.`;
        closeForm();
        listStatus.textContent = text;
        announce(text);
      } else {
        showErrors(answer);
      }
    } catch (error) {
      $('form-status').textContent = `The host cannot be reached: ${error.message}`;
    } finally {
      submitting = false;
      submitButton.disabled = false;
    }
  }

  // ---- wiring --------------------------------------------------------------------------------

  $('new-definition').addEventListener('click', () => openForm(undefined));
  $('cancel-definition').addEventListener('click', closeForm);
  $('add-parameter').addEventListener('click', () => addParameter(undefined, true));
  $('def-name').addEventListener('input', updateNameCheck);
  $('def-output-schema').addEventListener('input', updateOutputSchemaStatus);
  form.addEventListener('submit', submit);

  void refreshList();
  followEvents();
})();
