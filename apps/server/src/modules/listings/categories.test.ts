import { describe, expect, it } from 'vitest';
import type { CategoryAttribute } from '../../integrations/marketplaces/connector.ts';
import { attributeErrors } from './categories.ts';

const department: CategoryAttribute = {
  name: 'department',
  label: '部门',
  required: true,
  type: 'enum',
  options: ['mens', 'womens'],
  optionNames: ['男士', '女士'],
};

describe('attributeErrors', () => {
  it('names the choices as the reader sees them when a value is not one of them', () => {
    expect(attributeErrors([department], { department: 'kids' }, new Set())).toEqual({
      'attributes.department': { key: 'listings.choose_one_of', params: { options: '男士, 女士' } },
    });
    expect(attributeErrors([department], { department: 'mens' }, new Set())).toEqual({});
  });

  it('falls back to the codes when the marketplace names none', () => {
    const plain = { ...department, optionNames: undefined };
    expect(attributeErrors([plain], { department: 'kids' }, new Set())).toMatchObject({
      'attributes.department': { params: { options: 'mens, womens' } },
    });
  });
});
