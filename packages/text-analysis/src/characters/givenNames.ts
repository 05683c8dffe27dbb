// Common English given names and their usual gender: a generic prior used only when the text's
// own pronouns do not settle a character's gender.
import type { Gender } from './lexicon.js';

const FEMALE =
  'Abigail Ada Adela Adelaide Agatha Agnes Alice Alicia Amelia Amy Angela Ann Anna Anne Annie Arabella Augusta ' +
  'Barbara Beatrice Bella Bertha Bessie Betsy Betty Blanche Brett Bridget Caroline Catherine Cecilia Cecily Charlotte ' +
  'Clara Clarissa Constance Cora Cynthia Daisy Deborah Diana Dinah Dolly Dora Dorothea Dorothy Edith Edna Eleanor ' +
  'Elinor Eliza Elizabeth Ella Ellen Elsie Emily Emma Esther Ethel Eugenia Eva Evelyn Fanny Flora Florence Frances ' +
  'Georgiana Georgette Gertrude Gladys Grace Harriet Helen Helena Henrietta Hester Hetty Ida Isabel Isabella Jane ' +
  'Janet Jean Jemima Jenny Jessie Joan Josephine Judith Julia Juliet Kate Katherine Kitty Laura Lavinia Leonora ' +
  'Letitia Lilian Lily Lizzy Lois Louisa Louise Lucy Lydia Mabel Madeline Maggie Margaret Maria Marian Marianne ' +
  'Marie Marilla Martha Mary Matilda Maud Meg Mildred Millicent Minnie Miriam Molly Nancy Nell Nellie Nora ' +
  'Olivia Pamela Patience Peggy Penelope Phoebe Polly Priscilla Prudence Rachel Rebecca Rose Rosalind Ruth ' +
  'Sally Sarah Sibyl Sophia Sophie Susan Susanna Sylvia Theresa Victoria Violet Virginia Winifred';
const MALE =
  'Aaron Abel Abraham Adam Albert Alexander Alfred Algernon Andrew Anthony Archibald Arthur Augustus Basil ' +
  'Benjamin Bernard Bill Bob Cecil Charles Charley Christopher Daniel David Dick Edgar Edmund Edward Edwin ' +
  'Ernest Felix Francis Frank Frederick George Gerald Gilbert Godfrey Gregory Guy Harold Harry Henry Herbert ' +
  'Horace Hubert Hugh Isaac Jack Jacob Jake James Jasper Jim Joe John Jonathan Joseph Julian Lawrence Leonard ' +
  'Lewis Louis Luke Mark Martin Matthew Michael Mike Nathaniel Ned Nicholas Noah Oliver Oscar Patrick Paul ' +
  'Percy Peter Philip Ralph Randolph Richard Robert Roger Samuel Sidney Simon Stephen Theodore Thomas Timothy ' +
  'Toby Tom Tommy Victor Walter Wilfred William Willie';

const PRIOR = new Map<string, Gender>([
  ...FEMALE.split(' ').map((n) => [n, 'f'] as [string, Gender]),
  ...MALE.split(' ').map((n) => [n, 'm'] as [string, Gender]),
]);

export function givenNameGender(name: string): Gender {
  return PRIOR.get(name) ?? 'u';
}
