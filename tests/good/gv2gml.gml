graph [
  version 2
  directed 0
  node [
    id 0
    name "a"
  ]
  node [
    id 1
    name "b"
  ]
  node [
    id 2
    name "c"
  ]
  edge [
    id 1
    source 0
    target 1
    weight ""
  ]
  edge [
    id 2
    source 1
    target 2
    weight 2
  ]
]
