graph [
  node [
    id 0
    label "a"
    team 1
  ]
  node [
    id 1
    label "b"
    team 1
  ]
  node [
    id 2
    label "c"
    team 1
  ]
  node [
    id 3
    label "d"
    team "red"
  ]
  node [
    id 4
    label "e"
    team "red"
  ]
  node [
    id 5
    label "f"
    team "red"
  ]
  edge [
    source 0
    target 1
    weight 2
  ]
  edge [
    source 0
    target 2
    weight 1.E-07
  ]
  edge [
    source 1
    target 2
    weight 0.5
  ]
  edge [
    source 2
    target 3
    weight 0.001
  ]
  edge [
    source 3
    target 4
    weight 3
  ]
  edge [
    source 3
    target 5
    weight 1
  ]
  edge [
    source 4
    target 5
    weight 2.25
  ]
]
