% octave-fixtures.m: the files GNU Octave writes, for tests/good and tests/bad.
% Run once from the source tree, after tests/mat-fixtures.py:
%   octave-cli tests/octave-fixtures.m
% The files are committed, so the tests need no Octave.
load('tests/good/karate.mat');   % A (sparse, weighted), club, name, X
club = club';                    % a row vector: labels either way
% Octave's default save format is text, whatever the file's name
save('tests/good/karate-octave.mat', 'A', 'club');
D = full(A);
L = logical(D);
save('-text', 'tests/good/karate-octave-full.txt', 'D', 'club');
% its -v6 binary: a sparse logical matrix as class uint8 with ir, jc, pr
S = sparse(L);
save('-v6', 'tests/good/karate-octave-logical.mat', 'S');
% an integer matrix in text: "# ndims: 2", then a value a line, by columns
I = int32(D > 0);
save('-text', 'tests/good/karate-octave-int.txt', 'I');
