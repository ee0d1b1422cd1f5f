#!/usr/bin/env perl
# The structure of the house, read from its sources: every `crate::` and `super::` path of every
# file (a `use` tree is expanded; comments and the items under `#[cfg(test)]` are left out, the
# rest of the file is read to its end) becomes an
# arrow from that file to the deepest module file the path names. From the arrows:
#   - floors: a file in folder F may import only from the folders listed below F;
#   - no import through the crate root: outside lib.rs/main.rs, a path's first segment names a
#     module, never an item of the root (a root re-export would hide which floor it comes from);
#   - no circle: the files of each crate (the library, the CLI, the game, the Python package,
#     the benches' and the fuzz targets' helpers) form no import cycle (Tarjan's strongly
#     connected components over the arrows), so inside a folder too the files
#     stand in an order (a mod.rs that re-exports its children defines nothing they import);
#   - rooms of one concept: no file over 1 000 lines outside its test modules.
# Usage: perl .ci/structure.pl [--report]   (--report also prints every arrow per crate)
use strict;
use warnings;
use File::Find;

my $report = grep { $_ eq '--report' } @ARGV;
my $failed = 0;
my $max_lines = 1000;

# Each crate: its source folder, whether circles are checked, and its floors (folder => the
# folders it may not import from). A file directly in src/ is a floor of its own name.
my @crates = (
    {
        root => 'engine/src',
        circles => 1,
        floors => {
            rules => [qw(formats eval search book egtb protocol puzzles)],
            formats => [qw(eval search book egtb protocol puzzles)],
            eval => [qw(search book egtb protocol puzzles)],
            egtb => [qw(search eval book protocol puzzles)],
            book => [qw(protocol puzzles)],
            search => [qw(protocol puzzles)],
            puzzles => [qw(protocol)],
        },
    },
    {
        root => 'cli/src',
        circles => 1,
        # main.rs dispatches to commands/ (one room per subcommand, none importing another),
        # which build on inputs/ (FEN, PDN, openings, engine settings, player specs), play/ (the
        # match machinery) and slurm.rs; all of them on output.rs, atomic_file.rs, cli_error.rs.
        floors => {
            inputs => [qw(commands play slurm)],
            play => [qw(commands inputs slurm)],
            slurm => [qw(commands inputs play atomic_file)],
            output => [qw(commands inputs play slurm atomic_file)],
            atomic_file => [qw(commands inputs play slurm)],
            cli_error => [qw(commands inputs play slurm output atomic_file)],
        },
        separate_rooms => [qw(commands)],
    },
    {
        root => 'game/src',
        circles => 1,
        # ground (palette, time control, system sets, geometry) < text (catalogues, notices) <
        # core (the headless record, rules step, clocks, collections, settings) < engine (the
        # engine task, tablebases) < view (board, panel, input); lib.rs and main.rs on top.
        floors => {
            ground => [qw(text core engine view)],
            text => [qw(core engine view)],
            core => [qw(engine view)],
            engine => [qw(view)],
        },
    },
    {
        root => 'python/src',
        circles => 1,
        # One file per Python-facing concept; errors.rs (the exception types and conversions) and
        # pdn_args.rs (style and tag arguments) are read by the others and import none of them.
        floors => {
            errors => [qw(position game pdn pdn_args engine tables)],
            pdn_args => [qw(position game pdn engine tables)],
        },
    },
    # The benches' shared helpers, the fuzz targets' bodies and the tablebase service's client:
    # one file each today, held to the same size limit and circle check should they grow.
    { root => 'benches/src', circles => 1, floors => {} },
    { root => 'fuzz/src', circles => 1, floors => {} },
    { root => 'tablebase-client/src', circles => 1, floors => {} },
    {
        root => 'web/src',
        circles => 1,
        # The npm package's crate, one file per part of the library: errors < position < game
        # < pdn, book < engine < hub.
        floors => {
            errors => [qw(position game pdn book engine hub)],
            position => [qw(game pdn book engine hub)],
            game => [qw(pdn book engine hub)],
            pdn => [qw(book engine hub)],
            book => [qw(pdn engine hub)],
            engine => [qw(hub)],
        },
    },
);

for my $crate (@crates) {
    check_crate($crate);
}
print $failed ? "structure: FAILED\n" : "structure: ok\n";
exit($failed ? 1 : 0);

sub fail {
    my ($message) = @_;
    print "structure: $message\n";
    $failed = 1;
}

# The module path of a file: `a/b.rs` and `a/b/mod.rs` are `a::b`; lib.rs and main.rs are ``.
sub module_of {
    my ($relative) = @_;
    my $module = $relative;
    $module =~ s/\.rs$//;
    $module =~ s{/mod$}{};
    $module = '' if $module eq 'lib' || $module eq 'main';
    $module =~ s{/}{::}g;
    return $module;
}

# The source a path checker reads: every line of the file but comment lines, string literals
# and the items under `#[cfg(test)]` (or `#[cfg(all(test, …))]`: tests that need a feature) —
# a test module's body `mod tests { … }` up to its closing brace, or a one-line item such as a
# test child's declaration `mod tests;` — wherever they stand in the file. The line count (for
# the size limit) is of the lines kept.
sub code_of {
    my ($file) = @_;
    open my $in, '<', $file or die "$file: $!";
    my @kept;
    my $lines = 0;
    my $skipping = 0;    # inside a test item: 1 before its first brace or `;`, then its depth + 1
    while (my $line = <$in>) {
        my $code = $line;
        $code =~ s{//.*$}{} unless $code =~ m{^\s*//};
        $code =~ s/"(?:[^"\\]|\\.)*"/""/g;
        $code =~ s/'(?:[^'\\]|\\.)'/''/g;
        if ($skipping) {
            next if $code =~ m{^\s*(?://|#\[)};    # comments and further attributes
            my $depth = $skipping - 1;
            my $opened = $depth > 0;
            for my $char (split //, $code) {
                if ($char eq '{') {
                    $depth++;
                    $opened = 1;
                } elsif ($char eq '}') {
                    $depth--;
                }
            }
            if ($opened) {
                $skipping = $depth > 0 ? $depth + 1 : 0;
            } elsif ($code =~ /;/) {
                $skipping = 0;
            }
            next;
        }
        if ($line =~ /^\s*#\[cfg\((?:test|all\(test,.*\))\)\]/) {
            $skipping = 1;
            next;
        }
        $lines++;
        next if $line =~ m{^\s*//};
        push @kept, $code;
    }
    close $in;
    return (join('', @kept), $lines);
}

# Expands a `use` tree (`a::{b, c::{d, e}}`) into its full paths.
sub expand_tree {
    my ($prefix, $tree) = @_;
    $tree =~ s/^\s+|\s+$//g;
    if ($tree =~ /^(.*?)::\{(.*)\}$/s) {
        my ($head, $inner) = ($1, $2);
        return map { expand_tree($prefix eq '' ? $head : "${prefix}::$head", $_) }
            split_top($inner);
    }
    if ($tree =~ /^\{(.*)\}$/s) {
        return map { expand_tree($prefix, $_) } split_top($1);
    }
    $tree =~ s/\s+as\s+\w+$//;
    return () if $tree eq '' || $tree eq 'self' && $prefix eq '';
    return ($prefix) if $tree eq 'self';
    return ($prefix eq '' ? $tree : "${prefix}::$tree");
}

# Splits at the commas outside braces.
sub split_top {
    my ($text) = @_;
    my @parts;
    my ($depth, $current) = (0, '');
    for my $char (split //, $text) {
        $depth++ if $char eq '{';
        $depth-- if $char eq '}';
        if ($char eq ',' && $depth == 0) {
            push @parts, $current;
            $current = '';
        } else {
            $current .= $char;
        }
    }
    push @parts, $current if $current =~ /\S/;
    return @parts;
}

sub check_crate {
    my ($crate) = @_;
    my $root = $crate->{root};
    return unless -d $root;
    my %file_of;    # module path => file (relative to root)
    my @files;
    find(
        {
            wanted => sub {
                return unless /\.rs$/ && -f $_;
                my $relative = $File::Find::name;
                $relative =~ s{^\Q$root\E/}{};
                push @files, $relative;
            },
            no_chdir => 1,
        },
        $root
    );
    @files = sort @files;
    $file_of{ module_of($_) } = $_ for @files;
    my %top = map { (split /::/, $_)[0] => 1 } grep { $_ ne '' } keys %file_of;
    my %arrows;     # file => { file => 1 }
    my $arrow_count = 0;
    # First pass: every file's paths made absolute, and the re-exports of each module
    # (`pub use child::Item;` in a mod.rs: an arrow to `module::Item` goes on to the child).
    my (%paths_of, %reexport);
    for my $file (@files) {
        my ($code, $lines) = code_of("$root/$file");
        if ($lines > $max_lines) {
            fail("$root/$file has $lines lines before its tests (at most $max_lines)");
        }
        my $module = module_of($file);
        my @parent = $module eq '' ? () : split /::/, $module;
        my @found;
        # `use` statements (a tree may span lines); `pub(crate) use` and `pub use` too.
        while ($code =~ /(\bpub(?:\([^)]*\))?\s+)?\buse\s+((?:crate|super|self|\w+)::[^;]*);/gs) {
            my $public = defined $1;
            for my $path (expand_tree('', $2)) {
                my @absolute = absolute($path, \@parent, \%file_of) or next;
                push @found, [ $path, @absolute ];
                if ($public && $absolute[-1] ne '*') {
                    my $alias = $absolute[-1];
                    $reexport{ join '::', @parent, $alias } = [@absolute];
                }
            }
        }
        # Paths written inline: `crate::a::B`, `super::c::D`.
        my $inline = $code;
        $inline =~ s/\buse\s+[^;]*;//gs;
        while ($inline =~ /\b((?:crate|super)(?:::\w+)+)/g) {
            my $path = $1;
            my @absolute = absolute($path, \@parent, \%file_of) or next;
            push @found, [ $path, @absolute ];
        }
        $paths_of{$file} = \@found;
    }
    # Second pass: each path to the file that defines what it names.
    for my $file (@files) {
        my $is_root = module_of($file) eq '';
        for my $found (@{ $paths_of{$file} }) {
            my ($path, @absolute) = @$found;
            if ($path =~ /^crate::(\w+)/ && !$is_root && !$top{$1}) {
                fail("$root/$file imports `$path` through the crate root");
            }
            my $target;
            for my $hop (1 .. 10) {
                # The deepest module with a file of its own, then through its re-export.
                my $n = scalar @absolute;
                $n-- while $n > 0 && !exists $file_of{ join '::', @absolute[0 .. $n - 1] };
                $target = $file_of{ join '::', @absolute[0 .. $n - 1] };
                last if $n == scalar @absolute;
                my $next = $reexport{ join '::', @absolute[0 .. $n] } or last;
                @absolute = (@$next, @absolute[ $n + 1 .. $#absolute ]);
            }
            next unless defined $target && $target ne $file;
            $arrow_count++ unless $arrows{$file}{$target}++;
            # Floors: the folder (or top file) of each side.
            my ($from_floor) = split m{/}, $file;
            my ($to_floor) = split m{/}, $target;
            s/\.rs$// for $from_floor, $to_floor;
            # Rooms of one floor that must not import each other (the CLI's subcommands).
            if (grep { $_ eq $from_floor } @{ $crate->{separate_rooms} || [] }) {
                my (undef, $from_room) = split m{/}, $file;
                my ($to_top, $to_room) = split m{/}, $target;
                s/\.rs$// for grep { defined } $from_room, $to_room;
                if ($to_top eq $from_floor && defined $to_room && $to_room ne $from_room) {
                    fail("$root/$file imports another room of $from_floor/: $path");
                }
            }
            if (my $forbidden = $crate->{floors}{$from_floor}) {
                if (grep { $_ eq $to_floor } @$forbidden) {
                    fail("$root/$file (floor $from_floor) imports from floor $to_floor above it: $path");
                }
            }
        }
    }
    my @cycles = cycles(\@files, \%arrows);
    if ($crate->{circles}) {
        fail("$root: import circle: " . join(' -> ', @$_)) for @cycles;
    }
    printf "structure: %s: %d files, %d arrows, %d import circles%s\n", $root, scalar @files,
        $arrow_count, scalar @cycles, $crate->{circles} ? '' : ' (not required to be none)';
    if ($report) {
        for my $file (@files) {
            print "  $file -> ", join(', ', sort keys %{ $arrows{$file} || {} }), "\n";
        }
        print "  circle: ", join(' -> ', @$_), "\n" for @cycles;
    }
}

# A path as the segments of its absolute module path, or nothing for a path outside the crate.
sub absolute {
    my ($path, $parent, $file_of) = @_;
    my @segments = split /::/, $path;
    if ($segments[0] eq 'crate') {
        shift @segments;
        return @segments;
    }
    if ($segments[0] eq 'super') {
        my @base = @$parent;
        # In a file `a/b.rs` (module a::b) `super` is `a`.
        while (@segments && $segments[0] eq 'super') {
            shift @segments;
            pop @base;
        }
        return (@base, @segments);
    }
    if ($segments[0] eq 'self') {
        shift @segments;
        return (@$parent, @segments);
    }
    # A path that starts with a child module (`use thread::Thread;` in a mod.rs).
    return (@$parent, @segments) if exists $file_of->{ join '::', @$parent, $segments[0] };
    return ();
}

# The strongly connected components of more than one file (Tarjan).
sub cycles {
    my ($files, $arrows) = @_;
    my ($index, @stack, %on_stack, %number, %low, @found) = (0);
    my $visit;
    $visit = sub {
        my ($v) = @_;
        $number{$v} = $low{$v} = $index++;
        push @stack, $v;
        $on_stack{$v} = 1;
        for my $w (sort keys %{ $arrows->{$v} || {} }) {
            if (!exists $number{$w}) {
                $visit->($w);
                $low{$v} = $low{$w} if $low{$w} < $low{$v};
            } elsif ($on_stack{$w}) {
                $low{$v} = $number{$w} if $number{$w} < $low{$v};
            }
        }
        if ($low{$v} == $number{$v}) {
            my @component;
            my $w;
            do {
                $w = pop @stack;
                $on_stack{$w} = 0;
                push @component, $w;
            } while ($w ne $v);
            push @found, [ sort @component ] if @component > 1;
        }
    };
    for my $v (@$files) {
        $visit->($v) unless exists $number{$v};
    }
    return @found;
}
